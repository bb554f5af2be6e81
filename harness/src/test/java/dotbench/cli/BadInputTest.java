package dotbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import dotbench.nativeloop.NativeHelper;
import dotbench.pipeline.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files a new user might hand to compare and report by mistake, and a damaged build manifest:
 * each gives one line that names the file and says what is wrong, with the documented exit status.
 */
class BadInputTest {
    private static final Path ROOT = Path.of(System.getProperty("dotbench.root", ".."));
    private static final Path GOOD = ROOT.resolve("results/gmpbench-quick-zen4-3267b2e.json");

    @TempDir
    Path dir;

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    private static void fails(int status, String expected, CliRun r) {
        assertEquals(status, r.status(), r.err());
        assertEquals("dotbench: " + expected, r.err().strip());
    }

    /** GOOD with one top-level field replaced. */
    private Path with(String field, JsonElement value) throws IOException {
        JsonObject o = JsonParser.parseString(Files.readString(GOOD)).getAsJsonObject();
        o.add(field, value);
        Path p = dir.resolve(field + "-" + value.toString().replaceAll("[^a-z0-9.]", "_") + ".json");
        Files.writeString(p, o.toString());
        return p;
    }

    private static JsonArray arrayOf(JsonElement e) {
        JsonArray a = new JsonArray();
        a.add(e);
        return a;
    }

    @Test
    void missingFoldersAndNonUtf8FilesAreNamedWithTheReason() throws IOException {
        fails(ExitCodes.IO_ERROR, "nosuchdir: no such file or folder", run("report", "nosuchdir"));
        fails(ExitCodes.IO_ERROR, "nosuch.json: no such file", run("compare", "nosuch.json", GOOD.toString()));
        fails(ExitCodes.IO_ERROR, dir + ": is a folder, not a file", run("compare", dir.toString(), GOOD.toString()));
        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, new byte[] {'{', '"', (byte) 0xe9, '"', '}'});
        fails(
                ExitCodes.IO_ERROR,
                latin1 + ": not UTF-8 text (a result file is UTF-8 JSON)",
                run("compare", GOOD.toString(), latin1.toString()));
        Path truncated = dir.resolve("truncated.json");
        Files.writeString(truncated, Files.readString(GOOD).substring(0, 500));
        CliRun t = run("compare", truncated.toString(), GOOD.toString());
        assertEquals(ExitCodes.IO_ERROR, t.status());
        assertTrue(t.err().startsWith("dotbench: " + truncated + ": not JSON ("), t.err());
        assertEquals(1, t.err().lines().count(), "Gson's troubleshooting link is left out: " + t.err());
    }

    @Test
    void malformedFieldsAreRefusedByCompareAndSkippedByReport() throws IOException {
        List<Object[]> cases = List.of(
                new Object[] {
                    with("schema_version", new JsonPrimitive("abc")), "schema_version must be an integer, got \"abc\""
                },
                new Object[] {
                    with("schema_version", new JsonPrimitive(1.9)), "schema_version must be an integer, got 1.9"
                },
                new Object[] {
                    with("schema_version", new JsonPrimitive(2)), "schema_version 2 is not one this reader knows (1)"
                },
                new Object[] {with("tests", arrayOf(new JsonPrimitive(1))), "$.tests[0] must be an object, got 1"},
                new Object[] {
                    with("variants", arrayOf(JsonNull.INSTANCE)),
                    "$.variants[0] must be a variant object or a name, got null"
                });
        for (Object[] c : cases) {
            Path bad = (Path) c[0];
            String why = bad + ": not a usable dotbench result file: " + c[1];
            fails(ExitCodes.IO_ERROR, why, run("compare", bad.toString(), GOOD.toString()));
            CliRun report = run(
                    "report",
                    bad.toString(),
                    GOOD.toString(),
                    "--out-dir",
                    dir.resolve("out").toString());
            assertEquals(ExitCodes.OK, report.status(), report.err());
            assertEquals("report: skipping " + why, report.err().strip());
            assertTrue(report.out().contains("report: 1 result file(s)"), report.out());
        }
        CliRun only = run(
                "report",
                cases.getFirst()[0].toString(),
                "--out-dir",
                dir.resolve("out").toString());
        assertEquals(ExitCodes.USAGE, only.status(), only.err());
        assertTrue(
                only.err().lines().toList().getLast().startsWith("dotbench: no dotbench result file among"),
                only.err());
    }

    @Test
    void aBrokenPaperReferenceIsNamed() throws IOException {
        Path ref = dir.resolve("reference.json");
        Files.writeString(ref, "{\"schema\": \"dotbench-paper-reference\", \"figures\": [1]}");
        CliRun r = run("report", GOOD.toString(), "--reference", ref.toString(), "--out-dir", dir.toString());
        assertEquals(ExitCodes.IO_ERROR, r.status(), r.err());
        assertTrue(r.err().startsWith("dotbench: " + ref + ": a figure is malformed ("), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    @Test
    void compareWithNothingInCommonIsNotComparableNotAPass() throws IOException {
        JsonArray renamed = new JsonArray();
        JsonObject t = new JsonObject();
        t.addProperty("name", "no-such-test");
        renamed.add(t);
        CliRun noCommon = run("compare", GOOD.toString(), with("tests", renamed).toString());
        assertEquals(ExitCodes.NOT_COMPARABLE, noCommon.status(), noCommon.err());
        assertTrue(noCommon.err().startsWith("dotbench: nothing to compare:"), noCommon.err());
        // the same tests, but their samples cannot be read as rates
        JsonObject o = JsonParser.parseString(Files.readString(GOOD)).getAsJsonObject();
        JsonObject lost = new JsonObject();
        lost.add("stock", arrayOf(new JsonPrimitive("lost")));
        lost.add("dot", arrayOf(new JsonObject()));
        o.getAsJsonArray("tests").forEach(x -> x.getAsJsonObject().add("samples", lost));
        Path unreadable = dir.resolve("unreadable-samples.json");
        Files.writeString(unreadable, o.toString());
        CliRun noSamples = run("compare", GOOD.toString(), unreadable.toString());
        assertEquals(ExitCodes.NOT_COMPARABLE, noSamples.status(), noSamples.err());
        assertEquals(
                ExitCodes.OK, run("compare", GOOD.toString(), GOOD.toString()).status(), "the control passes");
    }

    @Test
    void aBrokenManifestMakesItsVariantUnloadableAndNothingElse() throws IOException {
        Path root = dir.resolve("repo");
        Files.createDirectories(root.resolve("dot/include"));
        Files.writeString(root.resolve("dot/include/dot.h"), "");
        for (String v : List.of("stock", "dot")) {
            Path lib = Files.createDirectories(root.resolve("build/gmp/" + v + "/lib"));
            Files.copy(ROOT.resolve("build/gmp/stock/lib/libgmp.so"), lib.resolve("libgmp.so"));
        }
        Files.writeString(root.resolve("build/gmp/dot/manifest.json"), "{\"upstream_version\": \"6.3.0\",");
        Files.createDirectories(root.resolve("build/harness"));
        Files.copy(ROOT.resolve(NativeHelper.LIBRARY), root.resolve(NativeHelper.LIBRARY));
        String saved = System.getProperty("dotbench.root");
        System.setProperty("dotbench.root", root.toString());
        try {
            CliRun info = run("info");
            assertEquals(ExitCodes.OK, info.status(), info.err());
            assertTrue(
                    info.out()
                            .contains("NOT LOADABLE: GMP variant 'dot' has a broken manifest: "
                                    + root.resolve("build/gmp/dot/manifest.json") + ": not JSON ("),
                    info.out());
            assertFalse(info.out().contains("stock        NOT LOADABLE"), info.out());
            CliRun run = run("gmpbench", "--variants", "stock,dot", "--tests", "rsa(512)", "--quick");
            assertEquals(ExitCodes.MISSING_BUILD, run.status(), run.err());
            assertTrue(run.err().contains("broken manifest") && run.err().contains("make libs"), run.err());
        } finally {
            System.setProperty("dotbench.root", saved);
        }
    }
}
