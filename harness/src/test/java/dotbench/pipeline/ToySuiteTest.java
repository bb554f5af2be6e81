package dotbench.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dotbench.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A new suite is one class on the pipeline's public types plus a registration: this one is a toy. */
class ToySuiteTest {
    /** A variant whose operation takes {@code ns} of CPU per repetition, as its fake clock says. */
    record Op(long ns) implements Timed {
        public Sample run(long reps) {
            return Sample.of(reps, reps * ns, reps * ns);
        }

        public Sample runEmpty(long reps) {
            return Sample.of(reps, reps, reps);
        }
    }

    /** Two cases; "dot" does each in half the time "stock" takes. */
    static final class Toy implements Suite<String> {
        public String name() {
            return "toy";
        }

        public String description() {
            return "A toy suite: two cases on two fake variants.";
        }

        public Object options() {
            return new Object();
        }

        public Settings settings(boolean quick) {
            return Settings.of(quick, 3, new Schedule.Batches(Duration.ofNanos(10_000)));
        }

        public SuiteRun<String> open(Context context) {
            return new SuiteRun<>() {
                public List<String> variants() {
                    return List.of("stock", "dot");
                }

                public List<Case<String>> cases() {
                    return List.of(toyCase("add", 200), toyCase("mul", 800));
                }
            };
        }

        static Case<String> toyCase(String name, long ns) {
            Map<String, Timed> variants = new LinkedHashMap<>();
            variants.put("stock", new Op(ns));
            variants.put("dot", new Op(ns / 2));
            return Case.of(name, variants, name);
        }
    }

    @Test
    void aRegisteredToySuiteRunsThroughTheSharedPipeline(@TempDir Path dir) throws Exception {
        Registry registry = new Registry().register(Toy::new);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Path file = dir.resolve("toy.json");
        int status = Main.run(
                new String[] {"toy", "--out", file.toString()},
                new PrintWriter(out, true),
                new PrintWriter(err, true),
                registry);
        assertEquals(ExitCodes.OK, status, err.toString());
        assertTrue(
                out.toString().contains("A/B dot vs stock") && out.toString().contains("Variant stock"),
                out.toString());
        assertTrue(err.toString().contains("[ 1/2] add") && err.toString().contains("s left"), err.toString());
        JsonObject json = JsonParser.parseString(Files.readString(file)).getAsJsonObject();
        assertEquals("toy", json.get("suite").getAsString());
        JsonObject add = json.getAsJsonArray("comparisons")
                .get(0)
                .getAsJsonObject()
                .getAsJsonObject("tests")
                .getAsJsonObject("add");
        assertEquals(2.0, add.get("ratio").getAsDouble(), 1e-9, "dot takes half the time stock does");
        assertEquals(
                3,
                json.getAsJsonArray("tests")
                        .get(1)
                        .getAsJsonObject()
                        .getAsJsonObject("samples")
                        .getAsJsonArray("dot")
                        .size());
        assertEquals(
                ExitCodes.USAGE,
                Main.run(new String[] {"gmpbench"}, new PrintWriter(out), new PrintWriter(err), registry),
                "only the registered suites are offered");
    }
}
