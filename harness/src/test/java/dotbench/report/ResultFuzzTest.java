package dotbench.report;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import dotbench.cli.Main;
import dotbench.pipeline.ExitCodes;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded random damage to the committed result files (truncation, flipped bytes, fields deleted
 * or given another type, anywhere in the tree) fed to the result reader, `dotbench compare`,
 * `report`, `history`, `export` and `vs-official` in this JVM. Every outcome must be a success or exactly one "dotbench: "
 * error line with a documented exit status: never an exception, never a stack trace. The seed
 * and the damage are printed with any failure, so it can be replayed (-Ddotbench.fuzz.seed=N);
 * -Ddotbench.fuzz.rounds=N runs longer (24 rounds per file by default, about a minute).
 */
class ResultFuzzTest {
    private static final Path ROOT = Path.of(System.getProperty("dotbench.root", ".."));
    private static final long SEED = Long.getLong("dotbench.fuzz.seed", 20261201L);
    private static final int ROUNDS = Integer.getInteger("dotbench.fuzz.rounds", 24);
    /** One file per suite shape the readers know: GMPbench, the official runner, speed, JMH. */
    private static final List<String> FILES = List.of(
            "gmpbench-quick-avx2only-zen4-3267b2e.json",
            "gmpbench-official-2s-zen4-77c6c2b.json",
            "speed-fidelity-zen4-5944de1.json",
            "jmh-short-zen4-ee422f1.json");

    private static final Set<Integer> COMPARE_EXITS =
            Set.of(ExitCodes.OK, ExitCodes.REGRESSION, ExitCodes.NOT_COMPARABLE, ExitCodes.IO_ERROR);
    private static final Set<Integer> VS_OFFICIAL_EXITS =
            Set.of(ExitCodes.OK, ExitCodes.USAGE, ExitCodes.FIDELITY_MISMATCH, ExitCodes.IO_ERROR);
    /** report, history and export: 2 when no file is left to use (report and history skip bad ones with a note). */
    private static final Set<Integer> REPORT_EXITS = Set.of(ExitCodes.OK, ExitCodes.USAGE, ExitCodes.IO_ERROR);

    @TempDir
    Path dir;

    private final Random random = new Random(SEED);
    private final Map<String, Integer> outcomes = new TreeMap<>();

    @Test
    void damagedResultFilesGiveOneLineErrorsWithDocumentedStatusesNeverExceptions() throws IOException {
        for (String name : FILES) {
            Path original = ROOT.resolve("results").resolve(name);
            String text = Files.readString(original);
            JsonObject tree = JsonParser.parseString(text).getAsJsonObject();
            for (int round = 0; round < ROUNDS; round++) {
                String what;
                byte[] damaged;
                switch (round % 4) {
                    case 0 -> {
                        int at = random.nextInt(text.length());
                        what = "truncated at byte " + at;
                        damaged = text.substring(0, at).getBytes(UTF_8);
                    }
                    case 1 -> {
                        damaged = text.getBytes(UTF_8);
                        StringBuilder flips = new StringBuilder("bytes flipped at");
                        for (int i = 1 + random.nextInt(8); i > 0; i--) {
                            int at = random.nextInt(damaged.length);
                            damaged[at] = (byte) random.nextInt(256);
                            flips.append(' ').append(at);
                        }
                        what = flips.toString();
                    }
                    default -> {
                        JsonObject copy = tree.deepCopy();
                        what = mutate(copy);
                        damaged = copy.toString().getBytes(UTF_8);
                    }
                }
                Path file = dir.resolve("damaged-" + name);
                Files.write(file, damaged);
                String context = "seed " + SEED + ", " + name + " round " + round + ": " + what;
                reader(file, context);
                cli(context, COMPARE_EXITS, "compare", file.toString(), original.toString());
                cli(context, COMPARE_EXITS, "compare", original.toString(), file.toString());
                cli(
                        context,
                        REPORT_EXITS,
                        "report",
                        file.toString(),
                        "--reference",
                        ROOT.resolve("results/paper-reference.json").toString(),
                        "--out-dir",
                        dir.resolve("out").toString());
                cli(
                        context,
                        REPORT_EXITS,
                        "history",
                        file.toString(),
                        "--out-dir",
                        dir.resolve("history").toString());
                String format = round % 2 == 0 ? "jmh" : "bencher";
                cli(context, REPORT_EXITS, "export", "--format", format, file.toString());
                // vs-official pairs a harness run with an official one: the damaged file takes its side
                boolean official = name.startsWith("gmpbench-official");
                Path other = ROOT.resolve("results").resolve(official ? FILES.getFirst() : FILES.get(1));
                cli(
                        context,
                        VS_OFFICIAL_EXITS,
                        "vs-official",
                        (official ? other : file).toString(),
                        (official ? file : other).toString());
            }
        }
        System.out.println("ResultFuzzTest: seed " + SEED + ", " + ROUNDS + " rounds x " + FILES.size()
                + " files; outcomes " + outcomes);
        assertTrue(outcomes.keySet().stream().anyMatch(k -> k.endsWith(" 0")), "some damage is harmless: " + outcomes);
        assertTrue(
                outcomes.keySet().stream().anyMatch(k -> k.endsWith(" " + ExitCodes.IO_ERROR)),
                "some damage is refused: " + outcomes);
    }

    /** The reader refuses with an IOException naming the file, or gives a file its accessors can read. */
    private static void reader(Path file, String context) {
        try {
            ResultFile f = ResultFile.load(file);
            f.suite();
            f.machine();
            f.libdotIsa();
            f.variantNames();
            f.comparisons();
            f.tests();
            f.cpuFlags();
        } catch (IOException e) {
            assertTrue(e.getMessage().startsWith(file.toString()), context + ": " + e.getMessage());
            assertEquals(1, e.getMessage().lines().count(), context + ": " + e.getMessage());
        } catch (RuntimeException e) {
            fail(context + ": the reader threw " + e, e);
        }
    }

    private void cli(String context, Set<Integer> allowed, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status;
        try {
            status = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        } catch (RuntimeException e) {
            fail(context + ": " + args[0] + " threw " + e, e);
            return;
        }
        outcomes.merge(args[0] + " " + status, 1, Integer::sum);
        assertTrue(allowed.contains(status), context + ": " + args[0] + " exited " + status + "; stderr: " + err);
        List<String> errors = err.toString()
                .lines()
                .filter(l -> !l.startsWith("report: skipping ") && !l.startsWith("history: "))
                .toList();
        assertTrue(
                errors.size() <= 1 && errors.stream().allMatch(l -> l.startsWith("dotbench: ")),
                context + ": " + args[0] + " must print at most one \"dotbench: \" line, printed:\n" + err);
        if (status == ExitCodes.OK || status == ExitCodes.REGRESSION) {
            assertTrue(errors.isEmpty(), context + ": exit " + status + " with an error: " + err);
        } else if (status != ExitCodes.NOT_COMPARABLE && status != ExitCodes.FIDELITY_MISMATCH) {
            // 11 and 4 are verdicts told in the output; every other failure needs its reason
            assertEquals(1, errors.size(), context + ": exit " + status + " needs its one-line reason: " + err);
        }
    }

    /** Damages one random place of the tree; says what it did. */
    private String mutate(JsonObject root) {
        List<String> path = new ArrayList<>();
        JsonElement parent = root;
        String key = null;
        int index = -1;
        // descend a random number of levels, stopping at a leaf
        for (int depth = 0; depth < 1 + random.nextInt(7); depth++) {
            JsonElement child;
            if (parent.isJsonObject() && !parent.getAsJsonObject().isEmpty()) {
                List<String> keys = new ArrayList<>(parent.getAsJsonObject().keySet());
                key = keys.get(random.nextInt(keys.size()));
                index = -1;
                child = parent.getAsJsonObject().get(key);
                path.add(key);
            } else if (parent.isJsonArray() && !parent.getAsJsonArray().isEmpty()) {
                index = random.nextInt(parent.getAsJsonArray().size());
                key = null;
                child = parent.getAsJsonArray().get(index);
                path.add(path.isEmpty() ? "[" + index + "]" : path.removeLast() + "[" + index + "]");
            } else {
                break;
            }
            if (!child.isJsonObject() && !child.isJsonArray() || random.nextInt(4) == 0) {
                return apply(parent, key, index, String.join(".", path));
            }
            parent = child;
        }
        return apply(parent, key, index, String.join(".", path));
    }

    private String apply(JsonElement container, String key, int index, String where) {
        // container is the element holding the target (key in an object, or index in an array); a
        // walk that ended on a container itself damages one of its members
        if (key == null && index < 0) {
            return "nothing at " + where;
        }
        JsonElement holder = container;
        if (holder.isJsonObject() && key != null && !holder.getAsJsonObject().has(key)) {
            return "nothing at " + where;
        }
        if (random.nextInt(3) == 0) {
            if (holder.isJsonObject() && key != null) {
                holder.getAsJsonObject().remove(key);
            } else if (holder.isJsonArray()
                    && index >= 0
                    && index < holder.getAsJsonArray().size()) {
                holder.getAsJsonArray().remove(index);
            }
            return "deleted " + where;
        }
        Supplier<JsonElement>[] replacements = replacements();
        JsonElement value = replacements[random.nextInt(replacements.length)].get();
        if (holder.isJsonObject() && key != null) {
            holder.getAsJsonObject().add(key, value);
        } else if (holder.isJsonArray()
                && index >= 0
                && index < holder.getAsJsonArray().size()) {
            holder.getAsJsonArray().set(index, value);
        }
        return where + " := " + value;
    }

    @SuppressWarnings("unchecked")
    private static Supplier<JsonElement>[] replacements() {
        Map<String, Supplier<JsonElement>> m = new HashMap<>();
        m.put("null", () -> JsonNull.INSTANCE);
        m.put("text", () -> new JsonPrimitive("abc"));
        m.put("fraction", () -> new JsonPrimitive(1.9));
        m.put("negative", () -> new JsonPrimitive(-1));
        m.put("zero", () -> new JsonPrimitive(0));
        m.put("huge", () -> new JsonPrimitive(new BigDecimal("1e400")));
        m.put("bool", () -> new JsonPrimitive(true));
        m.put("emptyArray", JsonArray::new);
        m.put("emptyObject", JsonObject::new);
        m.put("arrayOfNumber", () -> {
            JsonArray a = new JsonArray();
            a.add(1);
            return a;
        });
        m.put("arrayOfNull", () -> {
            JsonArray a = new JsonArray();
            a.add(JsonNull.INSTANCE);
            return a;
        });
        return new TreeMap<>(m).values().toArray(new Supplier[0]);
    }
}
