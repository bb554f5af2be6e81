package dotbench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dotbench.bindings.Dot;
import dotbench.bindings.LibraryVariant;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.VariantSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Where and with what a result was measured: CPU model, family numbers and flags, kernel, JDK, C compiler, git
 * commit, date. Anything that cannot be read is recorded as null, never guessed.
 */
public final class Provenance {
    private Provenance() {}

    public static JsonObject collect(Path root) {
        JsonObject p = new JsonObject();
        p.addProperty("date", Instant.now().toString());
        p.addProperty("hostname", firstLine(List.of("hostname")).orElse(null));
        JsonObject cpu = new JsonObject();
        String cpuinfo = read("/proc/cpuinfo").orElse("");
        cpuinfoField(cpuinfo, "model name").ifPresent(m -> cpu.addProperty("model", m));
        // the model name alone does not tell CPU generations apart ("AMD EPYC" is Zen 4 and Zen 5
        // on this project's VMs): the vendor and the family, model and stepping numbers do
        cpuinfoField(cpuinfo, "vendor_id").ifPresent(v -> cpu.addProperty("vendor", v));
        cpuinfoNumber(cpuinfo, "cpu family").ifPresent(v -> cpu.addProperty("family", v));
        cpuinfoNumber(cpuinfo, "model").ifPresent(v -> cpu.addProperty("model_number", v));
        cpuinfoNumber(cpuinfo, "stepping").ifPresent(v -> cpu.addProperty("stepping", v));
        cpu.addProperty("logical_cpus", Runtime.getRuntime().availableProcessors());
        JsonArray flags = new JsonArray();
        cpuinfoField(cpuinfo, "flags").ifPresent(f -> List.of(f.split("\\s+")).forEach(flags::add));
        cpu.add("flags", flags);
        p.add("cpu", cpu);
        JsonObject kernel = new JsonObject();
        kernel.addProperty("release", read("/proc/sys/kernel/osrelease").orElse(null));
        kernel.addProperty("version", read("/proc/version").orElse(null));
        p.add("kernel", kernel);
        p.addProperty("os", osPrettyName().orElse(null));
        JsonObject jdk = new JsonObject();
        jdk.addProperty("version", Runtime.version().toString());
        jdk.addProperty("vendor", System.getProperty("java.vendor"));
        jdk.addProperty("vm", System.getProperty("java.vm.name"));
        jdk.addProperty("home", System.getProperty("java.home"));
        p.add("jdk", jdk);
        p.addProperty(
                "compiler",
                firstLine(List.of(System.getenv().getOrDefault("CC", "cc"), "--version"))
                        .orElse(null));
        JsonObject git = new JsonObject();
        git.addProperty(
                "commit",
                firstLine(List.of("git", "-C", root.toString(), "rev-parse", "HEAD"))
                        .orElse(null));
        git.addProperty(
                "dirty",
                firstLine(List.of("git", "-C", root.toString(), "status", "--porcelain", "--untracked-files=no"))
                        .isPresent());
        p.add("git", git);
        return p;
    }

    /** libdot as this process sees it: the version and the ISA its dispatcher picks here. */
    public static JsonObject libdot(Path root) {
        JsonObject o = new JsonObject();
        VariantSpec spec = VariantCatalog.scan(root).dot();
        o.addProperty("path", spec.library().toString());
        if (!spec.present()) {
            o.addProperty("status", "not built");
            return o;
        }
        try (LibraryVariant v = LibraryVariant.open(spec)) {
            Dot dot = Dot.of(v);
            o.addProperty("version", dot.version());
            o.addProperty("isa", dot.isa());
            o.addProperty("settings", dot.settings());
            o.addProperty("isa_env", System.getenv("DOT_ISA"));
            o.addProperty("crossover_env", System.getenv("DOT_CROSSOVER"));
            o.addProperty("basecase_env", System.getenv("DOT_BASECASE"));
        }
        return o;
    }

    /** The first CPU's value of a field of /proc/cpuinfo's text, its key matched whole ("model" is not "model name"). */
    public static Optional<String> cpuinfoField(String cpuinfo, String name) {
        return cpuinfo.lines()
                .filter(l ->
                        l.contains(":") && l.substring(0, l.indexOf(':')).trim().equals(name))
                .map(l -> l.substring(l.indexOf(':') + 1).trim())
                .findFirst();
    }

    private static Optional<Integer> cpuinfoNumber(String cpuinfo, String name) {
        return cpuinfoField(cpuinfo, name).flatMap(v -> {
            try {
                return Optional.of(Integer.parseInt(v));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        });
    }

    private static Optional<String> osPrettyName() {
        return read("/etc/os-release")
                .flatMap(t -> t.lines()
                        .filter(l -> l.startsWith("PRETTY_NAME="))
                        .map(l -> l.substring("PRETTY_NAME=".length()).replace("\"", ""))
                        .findFirst());
    }

    private static Optional<String> read(String file) {
        try {
            return Optional.of(Files.readString(Path.of(file)).trim());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The first line a short command prints, if it runs and succeeds within 5 s. */
    static Optional<String> firstLine(List<String> command) {
        try {
            Process p = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(5, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return Optional.empty();
            }
            return out.lines().findFirst().map(String::trim).filter(s -> !s.isEmpty());
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
