package dotbench.speed;

import dotbench.pipeline.Outcome;
import dotbench.stats.Statistics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The check against the real tool: the `openssl` program built from the same tree runs
 * `openssl speed -seconds N -mr rsa2048 ffdh2048` on the same libcrypto file (LD_LIBRARY_PATH),
 * and the harness's ops per user CPU second for RSA-2048 sign/verify and FFDH-2048 derive must lie
 * within the tolerance of speed's figures.
 *
 * <p>A shared machine's speed drifts by more than the tolerance over minutes, so the two are not
 * run one after the other once: they alternate in rounds (openssl first in even rounds, the
 * harness first in odd ones), each side doing its full window per round. Each round gives a
 * harness/openssl ratio per test, both measured within a couple of minutes of each other; the
 * verdict is on the median of those ratios.
 */
public final class Fidelity {
    public static final List<String> COMPARED = List.of("rsa2048 sign", "rsa2048 verify", "ffdh2048 derive");

    /** The library both sides run: its folder (first on the program's LD_LIBRARY_PATH), version, OPENSSL_ia32cap. */
    public record Target(Path libraryDir, String version, Optional<String> ia32capMask) {
        public static Target of(LoadedVariant v) {
            return new Target(v.spec().library().getParent(), v.version(), v.ia32capMask());
        }
    }

    /** One harness round: ops per user CPU second per test name, for at least the {@link #COMPARED} tests. */
    @FunctionalInterface
    public interface HarnessRound {
        Map<String, Double> run(int round);
    }

    /** One round's figures of both sides, and which side went first. */
    public record Round(
            int index,
            boolean opensslFirst,
            Map<String, Double> harness,
            Map<String, Double> openssl,
            List<String> opensslMr) {
        public Round {
            harness = Map.copyOf(harness);
            openssl = Map.copyOf(openssl);
            opensslMr = List.copyOf(opensslMr);
        }

        public double ratio(String test) {
            return harness.get(test) / openssl.get(test);
        }
    }

    /** One compared figure over all rounds. */
    public record Row(String test, double[] harness, double[] openssl) {
        public Row {
            harness = harness.clone();
            openssl = openssl.clone();
        }

        public double[] ratios() {
            double[] r = new double[harness.length];
            Arrays.setAll(r, i -> harness[i] / openssl[i]);
            return r;
        }

        /** The verdict's figure: the median of the per-round ratios. */
        public double ratio() {
            return Statistics.median(ratios());
        }
    }

    /** The outcome: every round, the tolerance, and what the program said it is. */
    public record Result(List<Round> rounds, double tolerance, String opensslVersionLine) {
        public Result {
            rounds = List.copyOf(rounds);
        }

        public List<Row> rows() {
            return COMPARED.stream()
                    .map(t -> new Row(
                            t,
                            rounds.stream().mapToDouble(r -> r.harness().get(t)).toArray(),
                            rounds.stream().mapToDouble(r -> r.openssl().get(t)).toArray()))
                    .toList();
        }

        public boolean passed() {
            return rows().stream().allMatch(r -> Math.abs(r.ratio() - 1) <= tolerance);
        }

        public String table() {
            StringBuilder out = new StringBuilder(String.format(
                    Locale.ROOT,
                    "fidelity: harness vs openssl speed on the same library (%s); ops per user CPU second, %d alternating rounds,"
                            + " verdict on the median per-round ratio, tolerance %.0f%%%n",
                    opensslVersionLine,
                    rounds.size(),
                    tolerance * 100));
            out.append(String.format(
                    Locale.ROOT, "  %-16s %5s %12s %12s %8s%n", "test", "round", "harness", "openssl", "ratio"));
            for (Row row : rows()) {
                double[] ratios = row.ratios();
                for (int i = 0; i < ratios.length; i++) {
                    out.append(String.format(
                            Locale.ROOT,
                            "  %-16s %5s %12.1f %12.1f %8.4f%n",
                            i == 0 ? row.test() : "",
                            (i + 1) + (rounds.get(i).opensslFirst() ? "o" : "h"),
                            row.harness()[i],
                            row.openssl()[i],
                            ratios[i]));
                }
                boolean within = Math.abs(row.ratio() - 1) <= tolerance;
                out.append(String.format(
                        Locale.ROOT,
                        "  %-16s %5s %12s %12s %8.4f%s%n",
                        "",
                        "median",
                        "",
                        "",
                        row.ratio(),
                        within ? "" : "  OUTSIDE"));
            }
            out.append("  (round letter: o = openssl speed ran first in that round, h = the harness did)\n");
            out.append("fidelity: ").append(passed() ? "PASSED" : "FAILED").append('\n');
            return out.toString();
        }
    }

    private Fidelity() {}

    /**
     * Runs {@code rounds} alternating rounds of the program and {@code harness} and compares.
     * The target's library folder goes first on LD_LIBRARY_PATH; the program's own folder's lib/
     * (libssl) after it.
     */
    public static Result run(
            Path openssl,
            Target target,
            HarnessRound harness,
            int seconds,
            int rounds,
            double tolerance,
            Consumer<String> progress)
            throws IOException {
        if (rounds < 1) {
            throw new IllegalArgumentException("fidelity rounds must be at least 1, got " + rounds);
        }
        String libraryPath =
                target.libraryDir() + ":" + openssl.toAbsolutePath().getParent().resolveSibling("lib");
        String versionLine = exec(List.of(openssl.toString(), "version"), libraryPath, target.ia32capMask())
                .lines()
                .findFirst()
                .orElse("");
        String wanted = target.version().replace("OpenSSL ", "").split(" ")[0];
        if (!versionLine.contains(wanted)) {
            throw new IOException(openssl + " reports '" + versionLine + "', not the variant's " + target.version());
        }
        List<String> command =
                List.of(openssl.toString(), "speed", "-seconds", String.valueOf(seconds), "-mr", "rsa2048", "ffdh2048");
        List<Round> done = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            boolean opensslFirst = i % 2 == 0;
            List<String> mr = null;
            Map<String, Double> ours = null;
            for (int side = 0; side < 2; side++) {
                if ((side == 0) == opensslFirst) {
                    progress.accept(String.format(
                            Locale.ROOT,
                            "fidelity: round %d/%d: %s",
                            i + 1,
                            rounds,
                            String.join(" ", command.subList(1, command.size()))));
                    mr = exec(command, libraryPath, target.ia32capMask())
                            .lines()
                            .filter(l -> l.startsWith("+F"))
                            .toList();
                } else {
                    progress.accept(String.format(Locale.ROOT, "fidelity: round %d/%d: the harness", i + 1, rounds));
                    ours = harness.run(i);
                }
            }
            Map<String, Double> theirs = MrFormat.parse(mr);
            for (String test : COMPARED) {
                if (theirs.get(test) == null || !(theirs.get(test) > 0)) {
                    throw new IOException(
                            "no figure for " + test + " from openssl speed in round " + (i + 1) + ": " + mr);
                }
                if (ours.get(test) == null || !(ours.get(test) > 0)) {
                    throw new IOException("no figure for " + test + " from the harness in round " + (i + 1));
                }
            }
            Round r = new Round(i, opensslFirst, ours, theirs, mr);
            done.add(r);
            progress.accept(String.format(
                    Locale.ROOT,
                    "fidelity: round %d/%d ratios harness/openssl: %s",
                    i + 1,
                    rounds,
                    String.join(
                            ", ",
                            COMPARED.stream()
                                    .map(t -> String.format(Locale.ROOT, "%s %.4f", t, r.ratio(t)))
                                    .toList())));
        }
        return new Result(done, tolerance, versionLine);
    }

    /** The harness figures a round needs, from that round's report (tests not measured on the variant are left out). */
    public static Map<String, Double> figures(List<Outcome<SpeedDetail>> outcomes, String variant) {
        Map<String, Double> out = new LinkedHashMap<>();
        outcomes.stream()
                .filter(o -> o.measured(variant))
                .forEach(o -> out.put(
                        o.name(), o.measurement().orElseThrow().total(variant).opsPerUserSecond()));
        return out;
    }

    private static String exec(List<String> command, String libraryPath, Optional<String> mask) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("LD_LIBRARY_PATH", libraryPath);
        pb.environment().remove("LD_PRELOAD");
        pb.environment().remove("OPENSSL_CONF");
        mask.ifPresent(m ->
                pb.environment().put(Ia32Cap.VARIABLE, m)); // else inherited, as the harness's own variants inherit it
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (p.waitFor() != 0) {
                throw new IOException(String.join(" ", command) + " exited with " + p.exitValue());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        return out;
    }
}
