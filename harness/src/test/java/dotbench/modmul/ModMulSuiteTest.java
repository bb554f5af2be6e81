package dotbench.modmul;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dotbench.cli.Main;
import dotbench.pipeline.ExitCodes;
import dotbench.pipeline.Registry;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The modmul suite end to end at one small size, and with a contender planted to compute wrong products. */
class ModMulSuiteTest {
    private static final List<String> CONTENDERS = List.of("gmp", "openssl", "pmns-full", "pmns-trunc");

    @TempDir
    Path dir;

    private JsonObject run(Optional<String> planted, int expectedStatus) throws IOException {
        Registry registry = new Registry().register(() -> new ModMul(planted));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Path file = dir.resolve("modmul.json");
        int status = Main.run(
                new String[] {
                    "modmul",
                    "--quick",
                    "--sizes",
                    "1024",
                    "--digits",
                    "2",
                    "--samples",
                    "3",
                    "--min-time",
                    "2ms",
                    "--out",
                    file.toString()
                },
                new PrintWriter(out, true),
                new PrintWriter(err, true),
                registry);
        assertEquals(expectedStatus, status, out + "\n" + err);
        return JsonParser.parseString(Files.readString(file)).getAsJsonObject();
    }

    private static JsonObject onlyTest(JsonObject json) {
        assertEquals(1, json.getAsJsonArray("tests").size());
        return json.getAsJsonArray("tests").get(0).getAsJsonObject();
    }

    @Test
    void everyContenderIsCheckedTimedAndReported() throws IOException {
        JsonObject json = run(Optional.empty(), ExitCodes.OK);
        assertEquals("modmul", json.get("suite").getAsString());
        JsonObject test = onlyTest(json);
        assertEquals("mulmod(1024,s2)", test.get("name").getAsString());
        assertEquals(1024, test.get("bits").getAsInt());
        assertEquals(16, test.get("pmns_n").getAsInt(), "the 1024-bit s = 2 parameter file has n = 16");
        assertTrue(test.getAsJsonObject("failed").isEmpty(), test.toString());
        for (String c : CONTENDERS) {
            JsonObject rate = test.getAsJsonObject("products_per_s").getAsJsonObject(c);
            double median = rate.get("median").getAsDouble();
            assertTrue(median > 1000, c + " ran " + median + " products/s");
            assertTrue(
                    rate.get("low").getAsDouble() <= median
                            && median <= rate.get("high").getAsDouble(),
                    c);
            if (System.getProperty("os.arch").equals("amd64")) {
                double cycles =
                        test.getAsJsonObject("tsc_cycles_per_product").get(c).getAsDouble();
                assertTrue(cycles > 10 && cycles < 1e6, c + ": " + cycles + " TSC cycles per product");
            }
        }
        JsonObject truncVsFull = json.getAsJsonArray("comparisons").get(0).getAsJsonObject();
        assertEquals("pmns-full", truncVsFull.get("baseline").getAsString());
        assertEquals("pmns-trunc", truncVsFull.get("candidate").getAsString());
        assertEquals(5, json.getAsJsonArray("comparisons").size(), "full/trunc; gmp and openssl against each");
    }

    @Test
    void aWrongProductWithholdsThatContendersFigures() throws IOException {
        JsonObject test = onlyTest(run(Optional.of("pmns-trunc"), ExitCodes.WRONG_ANSWER));
        String why = test.getAsJsonObject("failed").get("pmns-trunc").getAsString();
        assertTrue(why.startsWith("before timing: after 1000 products"), why);
        assertFalse(test.getAsJsonObject("median_ops_per_s").has("pmns-trunc"), test.toString());
        assertFalse(test.getAsJsonObject("products_per_s").has("pmns-trunc"), test.toString());
        assertTrue(test.getAsJsonObject("products_per_s").has("pmns-full"), "the right ones are still reported");
    }

    @Test
    void aWrongMontgomeryProductIsCaughtToo() throws IOException {
        JsonObject test = onlyTest(run(Optional.of("gmp"), ExitCodes.WRONG_ANSWER));
        assertTrue(test.getAsJsonObject("failed").has("gmp"), test.toString());
        assertFalse(test.getAsJsonObject("products_per_s").has("gmp"), test.toString());
    }
}
