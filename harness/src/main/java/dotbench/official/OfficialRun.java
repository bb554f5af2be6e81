package dotbench.official;

import dotbench.gmpbench.GmpBenchTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs GMPbench 0.2's programs as runbench does (one process per test, its arguments split at the
 * commas), every variant's program of a test back to back, the variant order reversed each round
 * (ABBA...), so that a drifting machine hits both sides of a pair alike.
 */
public final class OfficialRun {
    /** A variant's built programs: {@code programs}/multiply, .../divide, ... */
    public record Variant(String name, Path programs) {}

    private final List<Variant> variants;
    private final int rounds;
    private final Consumer<String> progress;

    public OfficialRun(List<Variant> variants, int rounds, Consumer<String> progress) {
        if (variants.isEmpty()) {
            throw new IllegalArgumentException("no variants to run");
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("at least one round, got " + rounds);
        }
        this.variants = List.copyOf(variants);
        this.rounds = rounds;
        this.progress = progress;
    }

    public OfficialResults run(List<GmpBenchTest> tests) {
        for (Variant v : variants) {
            for (GmpBenchTest t : tests) {
                Path exe = v.programs().resolve(t.program().label());
                if (!Files.isExecutable(exe)) {
                    throw new IllegalStateException(
                            "variant " + v.name() + " has no program " + exe + " (run mk/gmpbench-official.sh)");
                }
            }
        }
        long start = System.nanoTime();
        Map<String, Map<String, List<ProgramRun>>> runs = new LinkedHashMap<>();
        Map<String, Map<String, String>> failures = new LinkedHashMap<>();
        for (GmpBenchTest t : tests) {
            runs.put(t.name(), new LinkedHashMap<>());
            failures.put(t.name(), new LinkedHashMap<>());
            variants.forEach(v -> runs.get(t.name()).put(v.name(), new ArrayList<>()));
        }
        int steps = rounds * tests.size();
        int step = 0;
        for (int r = 0; r < rounds; r++) {
            List<Variant> order = new ArrayList<>(variants);
            if (r % 2 == 1) {
                Collections.reverse(order);
            }
            for (GmpBenchTest t : tests) {
                step++;
                StringBuilder line = new StringBuilder(
                        String.format(Locale.ROOT, "[%2d/%d] round %d/%d %-26s", step, steps, r + 1, rounds, t.name()));
                for (Variant v : order) {
                    if (failures.get(t.name()).containsKey(v.name())) {
                        continue;
                    }
                    try {
                        ProgramRun run = runOne(v, t);
                        runs.get(t.name()).get(v.name()).add(run);
                        line.append(' ')
                                .append(v.name())
                                .append('=')
                                .append(run.output().result());
                    } catch (IOException | IllegalArgumentException e) {
                        failures.get(t.name()).put(v.name(), e.getMessage());
                        line.append(' ').append(v.name()).append("=FAILED");
                    }
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                line.append(String.format(Locale.ROOT, "  (%.0f s", seconds));
                if (step < steps) {
                    line.append(String.format(Locale.ROOT, ", about %.0f s left", seconds / step * (steps - step)));
                }
                line.append(')');
                progress.accept(line.toString());
            }
        }
        return new OfficialResults(variants, tests, runs, failures, (System.nanoTime() - start) / 1_000_000_000.0);
    }

    private static ProgramRun runOne(Variant v, GmpBenchTest t) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(v.programs().resolve(t.program().label()).toString());
        t.args().forEach(a -> command.add(String.valueOf(a)));
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command)
                .directory(v.programs().toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int status;
        try {
            status = p.waitFor();
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while " + command + " ran", e);
        }
        long wall = System.nanoTime() - t0;
        if (status != 0) {
            throw new IOException(String.join(" ", command) + " exited with " + status + ":\n" + out);
        }
        return new ProgramRun(ProgramOutput.parse(out), wall);
    }
}
