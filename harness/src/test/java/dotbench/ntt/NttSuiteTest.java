package dotbench.ntt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dotbench.cli.CliRun;
import dotbench.cli.Main;
import dotbench.pipeline.ExitCodes;
import dotbench.pipeline.Registry;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The NTT suite end to end on small sizes, and its product check against planted wrong kernels. */
class NttSuiteTest {
    /** A small, quick run: two balanced sizes, one unbalanced product, 1 ms batches. */
    private static final List<String> SMALL =
            List.of("ntt", "--quick", "--sizes", "24,200", "--unbalanced", "300x40", "--min-time", "1ms");

    record Run(int status, String out, String err, JsonObject json) {}

    static Run run(Registry registry, Path file, String... extra) throws Exception {
        List<String> args = new ArrayList<>(SMALL);
        args.addAll(List.of(extra));
        args.addAll(List.of("--out", file.toString()));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status =
                Main.run(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true), registry);
        JsonObject json = Files.exists(file)
                ? JsonParser.parseString(Files.readString(file)).getAsJsonObject()
                : new JsonObject();
        return new Run(status, out.toString(), err.toString(), json);
    }

    static JsonObject comparison(JsonObject json, String candidate) {
        for (JsonElement e : json.getAsJsonArray("comparisons")) {
            if (e.getAsJsonObject().get("candidate").getAsString().equals(candidate)) {
                return e.getAsJsonObject();
            }
        }
        throw new AssertionError("no comparison of " + candidate);
    }

    @Test
    void theSuiteRunsEndToEndAndWritesItsCrossovers(@TempDir Path dir) throws Exception {
        Run r = run(new Registry().register(Ntt::new), dir.resolve("ntt.json"), "--variants", "gmp-stock,ntt-scalar");
        assertEquals(ExitCodes.OK, r.status(), r.err() + r.out());
        assertEquals("ntt", r.json().get("suite").getAsString());
        List<String> names = new ArrayList<>();
        r.json()
                .getAsJsonArray("tests")
                .forEach(t -> names.add(t.getAsJsonObject().get("name").getAsString()));
        assertEquals(List.of("mul(24)", "mul(200)", "sqr(24)", "sqr(200)", "mul(300,40)"), names);
        JsonObject scalar = comparison(r.json(), "ntt-scalar");
        assertEquals("gmp-stock", scalar.get("baseline").getAsString());
        assertEquals(5, scalar.getAsJsonObject("tests").size(), scalar.toString());
        // the scalar reference transforms are far slower than GMP's asm at these sizes
        assertTrue(scalar.getAsJsonObject("tests")
                        .getAsJsonObject("mul(200)")
                        .get("ratio")
                        .getAsDouble()
                < 1);
        List<String> ops = new ArrayList<>();
        for (JsonElement e : r.json().getAsJsonArray("crossover")) {
            JsonObject x = e.getAsJsonObject();
            assertEquals("ntt-scalar", x.get("candidate").getAsString());
            assertTrue(x.get("limbs").isJsonNull(), "no crossover below GMP's speed: " + x);
            assertEquals(200, x.get("max_limbs_measured").getAsInt());
            ops.add(x.get("op").getAsString());
        }
        assertEquals(List.of("mul", "sqr"), ops);
        assertTrue(r.out().contains("crossover mul: no crossover in 24..200 limbs"), r.out());
        assertTrue(r.err().contains("[ 5/5] mul(300,40)"), r.err());
    }

    @Test
    void aWrongProductWithholdsThatVariantsFigures(@TempDir Path dir) throws Exception {
        Registry planted = new Registry().register(() -> new Ntt(List.of("planted-wrong")));
        Run r = run(planted, dir.resolve("wrong.json"), "--variants", "gmp-stock,ntt-scalar");
        assertEquals(ExitCodes.WRONG_ANSWER, r.status(), r.out());
        assertTrue(r.out().contains("WRONG ANSWERS (figures withheld) from: ntt-planted-wrong in mul(24)"), r.out());
        JsonObject wrong = comparison(r.json(), "ntt-planted-wrong");
        assertEquals(0, wrong.getAsJsonObject("tests").size(), "no ratio of a wrong product: " + wrong);
        assertEquals(5, wrong.getAsJsonArray("not_compared").size(), wrong.toString());
        String why = r.json()
                .getAsJsonArray("tests")
                .get(0)
                .getAsJsonObject()
                .getAsJsonObject("failed")
                .get("ntt-planted-wrong")
                .getAsString();
        assertTrue(why.startsWith("wrong product: limb 24 of 48"), why);
        assertEquals(
                5, comparison(r.json(), "ntt-scalar").getAsJsonObject("tests").size(), "the right ones keep theirs");
    }

    @Test
    void aProductThatTurnsWrongWhileTimedIsCaughtAfterTiming(@TempDir Path dir) throws Exception {
        Registry planted = new Registry().register(() -> new Ntt(List.of("planted-late")));
        Run r = run(planted, dir.resolve("late.json"), "--variants", "gmp-stock");
        assertEquals(ExitCodes.WRONG_ANSWER, r.status(), r.out());
        JsonObject first = r.json().getAsJsonArray("tests").get(0).getAsJsonObject();
        assertEquals("mul(24)", first.get("name").getAsString());
        String why = first.getAsJsonObject("failed").get("ntt-planted-late").getAsString();
        assertTrue(why.startsWith("after timing: wrong product"), why);
        assertFalse(comparison(r.json(), "ntt-planted-late")
                .getAsJsonObject("tests")
                .has("mul(24)"));
    }

    @Test
    void badInputIsAUsageError() {
        assertEquals(ExitCodes.USAGE, CliRun.of("ntt", "--sizes", "12,x").status());
        assertEquals(ExitCodes.USAGE, CliRun.of("ntt", "--sizes", "7000").status());
        assertEquals(ExitCodes.USAGE, CliRun.of("ntt", "--unbalanced", "40x300").status());
        assertEquals(ExitCodes.USAGE, CliRun.of("ntt", "--variants", "ntt-ifma").status());
        CliRun unknown = CliRun.of("ntt", "--variants", "gmp-stock,ntt-neon");
        assertEquals(ExitCodes.USAGE, unknown.status());
        assertTrue(unknown.err().contains("unknown NTT variant 'ntt-neon'"), unknown.err());
    }

    @Test
    void theBuiltInRegistryOffersIt() {
        CliRun help = CliRun.of("ntt", "--help");
        assertEquals(ExitCodes.OK, help.status(), help.err());
        assertTrue(help.out().contains("--sizes"), help.out());
    }
}
