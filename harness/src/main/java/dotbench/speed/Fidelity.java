package dotbench.speed;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The check against the real tool: the `openssl` program built from the same tree runs
 * `openssl speed -seconds N -mr rsa2048 ffdh2048` on the same libcrypto file (LD_LIBRARY_PATH),
 * and the harness's ops per user CPU second for RSA-2048 sign/verify and FFDH-2048 derive must lie
 * within the tolerance of speed's figures.
 */
public final class Fidelity {
    public static final List<String> COMPARED = List.of("rsa2048 sign", "rsa2048 verify", "ffdh2048 derive");

    /** One figure side by side. */
    public record Row(String test, double harness, double openssl) {
        public double ratio() {
            return harness / openssl;
        }
    }

    /** The outcome: rows, whether all lie within the tolerance, and what speed printed for the record. */
    public record Result(List<Row> rows, double tolerance, String opensslVersionLine, List<String> opensslMr) {
        public boolean passed() {
            return rows.stream().allMatch(r -> Math.abs(r.ratio() - 1) <= tolerance);
        }

        public String table() {
            StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                    "fidelity: harness vs openssl speed on the same library (%s); ops per user CPU second, tolerance %.0f%%%n",
                    opensslVersionLine, tolerance * 100));
            out.append(String.format(Locale.ROOT, "  %-18s %12s %12s %8s%n", "test", "harness", "openssl", "ratio"));
            for (Row r : rows) {
                out.append(String.format(Locale.ROOT, "  %-18s %12.1f %12.1f %8.4f%s%n", r.test(), r.harness(), r.openssl(), r.ratio(),
                        Math.abs(r.ratio() - 1) <= tolerance ? "" : "  OUTSIDE"));
            }
            out.append("fidelity: ").append(passed() ? "PASSED" : "FAILED").append('\n');
            return out.toString();
        }
    }

    private Fidelity() {
    }

    /**
     * Runs the program and compares. {@code variant}'s library folder goes first on
     * LD_LIBRARY_PATH; the program's own folder's lib/ (libssl) after it.
     */
    public static Result run(Path openssl, LoadedVariant variant, SpeedOutcomeLookup harness, int seconds, double tolerance) throws IOException {
        Path libDir = variant.spec().library().getParent();
        String libraryPath = libDir + ":" + openssl.toAbsolutePath().getParent().resolveSibling("lib");
        String versionLine = exec(List.of(openssl.toString(), "version"), libraryPath, variant.ia32capMask()).lines().findFirst().orElse("");
        if (!versionLine.contains(variant.version().replace("OpenSSL ", "").split(" ")[0])) {
            throw new IOException(openssl + " reports '" + versionLine + "', not the variant's " + variant.version());
        }
        List<String> mr = exec(List.of(openssl.toString(), "speed", "-seconds", String.valueOf(seconds), "-mr", "rsa2048", "ffdh2048"),
                libraryPath, variant.ia32capMask()).lines().filter(l -> l.startsWith("+F")).toList();
        Map<String, Double> theirs = MrFormat.parse(mr);
        List<Row> rows = new ArrayList<>();
        for (String test : COMPARED) {
            Double o = theirs.get(test);
            Optional<Double> h = harness.opsPerUserSecond(variant.name(), test);
            if (o == null || h.isEmpty()) {
                throw new IOException("no figure for " + test + (o == null ? " from openssl speed" : " from the harness"));
            }
            rows.add(new Row(test, h.get(), o));
        }
        return new Result(rows, tolerance, versionLine, mr);
    }

    /** Where the harness's figures come from (the report of the run just made). */
    public interface SpeedOutcomeLookup {
        Optional<Double> opsPerUserSecond(String variant, String test);

        static SpeedOutcomeLookup of(SpeedReport report) {
            Map<String, SpeedOutcome> byName = new LinkedHashMap<>();
            report.outcomes().forEach(o -> byName.put(o.test().name(), o));
            return (variant, test) -> Optional.ofNullable(byName.get(test)).filter(o -> o.measured(variant)).map(o -> o.opsPerUserSecond(variant));
        }
    }

    private static String exec(List<String> command, String libraryPath, Optional<String> mask) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("LD_LIBRARY_PATH", libraryPath);
        pb.environment().remove("LD_PRELOAD");
        pb.environment().remove("OPENSSL_CONF");
        mask.ifPresent(m -> pb.environment().put(Ia32Cap.VARIABLE, m)); // else inherited, as the harness's own variants inherit it
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
