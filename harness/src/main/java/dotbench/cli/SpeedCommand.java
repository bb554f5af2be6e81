package dotbench.cli;

import dotbench.bindings.LibraryKind;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.VariantSpec;
import dotbench.gmpbench.Pairing;
import dotbench.results.AtomicFiles;
import dotbench.results.Provenance;
import dotbench.speed.Algorithm;
import dotbench.speed.Fidelity;
import dotbench.speed.Ia32Cap;
import dotbench.speed.LoadedVariant;
import dotbench.speed.SpeedComparison;
import dotbench.speed.SpeedJson;
import dotbench.speed.SpeedKeys;
import dotbench.speed.SpeedReport;
import dotbench.speed.SpeedRun;
import dotbench.speed.SpeedSettings;
import dotbench.speed.SpeedText;
import dotbench.speed.SpeedVariantSelection;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** `dotbench speed`: the openssl-speed-style A/B suite over the libcrypto variants. */
@Command(name = "speed", mixinStandardHelpOptions = true,
        description = {"openssl speed's RSA, RSA-KEM, DSA and FFDH tests through EVP on each libcrypto variant, loaded side by side"
                + " and timed A/B interleaved; -mr summary blocks, latency percentiles, ratio tables, JSON results.",
                "Algorithms: rsa, rsakem, ffdh, dsa (all sizes) or with a size: rsa512..rsa15360, rsakem512..rsakem15360,"
                        + " ffdh2048..ffdh8192, dsa1024, dsa2048."},
        footer = "%n" + ExitCodes.HELP)
final class SpeedCommand implements Callable<Integer> {
    @Option(names = "--variants", paramLabel = "NAME[,NAME...]",
            description = "libcrypto variants: stock, dot, stock-noasm, dot-noasm (build/openssl/NAME) or system. Default: every built one.")
    String variants;

    @Option(names = "--algs", paramLabel = "ALG[,ALG...]", description = "Algorithms, e.g. rsa2048,ffdh3072,dsa. Default: all (--quick: rsa2048,rsa4096,rsakem2048,ffdh2048,dsa2048).")
    String algs;

    @Option(names = "--seconds", paramLabel = "N", description = "Window per test per variant, as openssl speed's -seconds (default 10; --quick: 1).")
    Double seconds;

    @Option(names = "--quick", description = "Quick profile: 1 s windows in 5 slots, a representative algorithm subset.")
    boolean quick;

    @Option(names = "--samples", paramLabel = "N", description = "Slots each window is split into, interleaved across variants (3..1001; default 10, --quick 5).")
    Integer samples;

    @Option(names = "--pairs", paramLabel = "BASE:CAND[,...]",
            description = "A/B pairs. Default: stock:dot and stock-noasm:dot-noasm where both run, else each variant vs the first.")
    String pairs;

    @Option(names = "--ia32cap", paramLabel = "[NAME=]MASK",
            description = "OPENSSL_ia32cap for every variant (MASK) or one variant (NAME=MASK), set before that libcrypto loads;"
                    + " e.g. '~0x0:~0x200000:~0x80000000000000:~0x0:~0x0' turns off both IFMA RSA paths. Repeatable.")
    List<String> ia32cap = new ArrayList<>();

    @Option(names = "--noise-threshold", paramLabel = "FRACTION", description = "Flag a ratio noisy when its 95%% CI is wider than this fraction of it (default 0.05).")
    Double noiseThreshold;

    @Option(names = "--keys", paramLabel = "DIR", description = "Key cache (default build/speed/keys).")
    Path keysDir;

    @Option(names = "--out", paramLabel = "FILE", description = "Results JSON (default build/results/speed-DATE.json).")
    Path out;

    @Option(names = "--fidelity", paramLabel = "OPENSSL",
            description = "Check against the real tool: alternate rounds of this openssl program's `speed -seconds N -mr rsa2048 ffdh2048`"
                    + " on the first variant's library with rounds of the harness run, and compare RSA-2048 sign/verify and FFDH-2048"
                    + " derive by the median per-round ratio (exit 4 beyond the tolerance).")
    Path fidelity;

    @Option(names = "--fidelity-rounds", paramLabel = "N", description = "Alternating rounds for --fidelity (1..99, default 3).")
    int fidelityRounds = 3;

    @Option(names = "--fidelity-tolerance", paramLabel = "FRACTION", description = "Allowed relative difference for --fidelity (default 0.10).")
    double fidelityTolerance = 0.10;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        Path root = Roots.find();
        SpeedSettings settings = settings();
        List<Algorithm> algorithms = algorithms();
        Ia32Cap masks;
        try {
            masks = Ia32Cap.parse(ia32cap);
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(ExitCodes.USAGE, e.getMessage());
        }
        VariantCatalog catalog = VariantCatalog.scan(root);
        List<VariantSpec> specs;
        try {
            specs = SpeedVariantSelection.resolve(catalog, variants);
        } catch (SpeedVariantSelection.NotBuilt e) {
            throw new DotbenchException(ExitCodes.MISSING_BUILD, e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(ExitCodes.USAGE, e.getMessage());
        }
        List<String> names = specs.stream().map(VariantSpec::name).toList();
        for (String named : masks.perVariant().keySet()) {
            if (!names.contains(named)) {
                throw new DotbenchException(ExitCodes.USAGE, "--ia32cap names '" + named + "', which is not among the variants run " + names);
            }
        }
        List<Pairing> pairings;
        try {
            pairings = pairs == null ? Pairing.defaults(names) : Pairing.parse(pairs, names);
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(ExitCodes.USAGE, e.getMessage());
        }
        if (fidelity != null) {
            if (fidelityRounds < 1 || fidelityRounds > 99) {
                throw new DotbenchException(ExitCodes.USAGE, "--fidelity-rounds must be between 1 and 99, got " + fidelityRounds);
            }
            List<String> run = algorithms.stream().map(Algorithm::name).toList();
            if (!run.contains("rsa2048") || !run.contains("ffdh2048")) {
                throw new DotbenchException(ExitCodes.USAGE, "--fidelity compares rsa2048 and ffdh2048, so --algs must include both (got " + run + ")");
            }
            if (!Files.isExecutable(fidelity)) {
                throw new DotbenchException(ExitCodes.MISSING_BUILD, "--fidelity: " + fidelity + " is not an executable (`make openssl-fidelity` builds it)");
            }
        }
        // provenance as the run starts: a commit landing during a long run is not what ran
        var provenance = Provenance.collect(root);
        List<LoadedVariant> loaded = new ArrayList<>();
        LoadedVariant reference = null;
        try {
            for (VariantSpec s : specs) {
                loaded.add(load(s, masks.maskFor(s.name())));
            }
            // the reference (key generator and oracle) is loaded last, without a mask of its own
            VariantSpec refSpec = catalog.find(LibraryKind.OPENSSL, VariantCatalog.SYSTEM).orElse(specs.get(0));
            reference = load(refSpec, Optional.empty());
            for (LoadedVariant v : loaded) {
                stderr.printf("speed: %-11s %s  CPUINFO: %s%s%n", v.name(), v.version(), v.cpuSettings().orElse("-"),
                        v.ia32capMask().map(m -> "  (OPENSSL_ia32cap=" + m + " at load)").orElse(""));
            }
            stderr.printf("speed: %d tests x %d variants, %.1f s window per test per variant in %d slots; reference library %s%n",
                    algorithms.stream().mapToInt(a -> a.family().operations().size()).sum(), loaded.size(),
                    settings.window().toMillis() / 1000.0, settings.samples(), reference.spec().library());
            LoadedVariant ref = reference;
            SpeedKeys keys = new SpeedKeys(keysDir != null ? keysDir : root.resolve("build/speed/keys"), ref::library, stderr::println);
            SpeedRun speedRun = new SpeedRun(loaded, reference, keys, settings, stderr::println);
            SpeedReport report;
            Optional<Fidelity.Result> checked = Optional.empty();
            if (fidelity == null) {
                report = speedRun.run(algorithms, pairings);
            } else {
                // the harness side of each round is a whole run; the last one is the run reported below
                List<SpeedReport> rounds = new ArrayList<>();
                String first = loaded.get(0).name();
                int secs = (int) Math.max(1, Math.round(settings.window().toMillis() / 1000.0));
                try {
                    checked = Optional.of(Fidelity.run(fidelity, Fidelity.Target.of(loaded.get(0)), round -> {
                        SpeedReport r = speedRun.run(algorithms, pairings);
                        rounds.add(r);
                        return Fidelity.figures(r, first);
                    }, secs, fidelityRounds, fidelityTolerance, stderr::println));
                } catch (IOException e) {
                    throw new DotbenchException(ExitCodes.MISSING_BUILD, "fidelity: " + e.getMessage(), e);
                }
                report = rounds.get(rounds.size() - 1);
            }
            for (LoadedVariant v : report.variants()) {
                stdout.println(SpeedText.variantBlock(v, report));
            }
            for (SpeedComparison c : report.comparisons()) {
                stdout.println(SpeedText.ratioTable(c));
            }
            Path file = out != null ? out : root.resolve("build/results/speed-"
                    + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".json");
            try {
                AtomicFiles.write(file, SpeedJson.of(report, provenance,
                        String.join(" ", spec.commandLine().getParseResult().originalArgs()), checked));
            } catch (IOException e) {
                throw new DotbenchException(ExitCodes.IO_ERROR, "cannot write " + file + ": " + e.getMessage(), e);
            }
            stdout.printf("speed: %d tests in %.0f s; results in %s%n", report.outcomes().size(), report.elapsed().toMillis() / 1000.0, file);
            int status = ExitCodes.OK;
            if (report.anyFailure()) {
                stdout.println("speed: FAILED operations (see the FAILED lines above); their figures are withheld");
                status = ExitCodes.WRONG_ANSWER;
            }
            if (checked.isPresent()) {
                Fidelity.Result r = checked.get();
                stdout.println("openssl speed -mr, last round:");
                r.rounds().get(r.rounds().size() - 1).opensslMr().forEach(stdout::println);
                stdout.print(r.table());
                stdout.flush(); // the writer flushes on println only, and the process exits next
                status = Math.max(status, r.passed() ? ExitCodes.OK : ExitCodes.FIDELITY_MISMATCH);
            }
            return status;
        } finally {
            loaded.forEach(LoadedVariant::close);
            if (reference != null) {
                reference.close();
            }
        }
    }

    private static LoadedVariant load(VariantSpec s, Optional<String> mask) {
        try {
            return LoadedVariant.load(s, mask);
        } catch (IllegalArgumentException | UnsatisfiedLinkError e) {
            throw new DotbenchException(ExitCodes.MISSING_BUILD, "cannot load " + s.library() + ": " + e.getMessage(), e);
        }
    }

    private SpeedSettings settings() {
        SpeedSettings s = quick ? SpeedSettings.quickProfile() : SpeedSettings.full();
        try {
            if (seconds != null) {
                if (!(seconds > 0) || seconds > 3600) {
                    throw new IllegalArgumentException("--seconds must be above 0 and at most 3600, got " + seconds);
                }
                s = s.withWindow(Duration.ofNanos(Math.round(seconds * 1e9)));
            }
            if (samples != null) {
                s = s.withSamples(samples);
            }
            if (noiseThreshold != null) {
                s = s.withNoiseThreshold(noiseThreshold);
            }
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(ExitCodes.USAGE, e.getMessage());
        }
        return s;
    }

    private List<Algorithm> algorithms() {
        if (algs == null) {
            return quick ? SpeedVariantSelection.quickAlgorithms() : Algorithm.all();
        }
        try {
            return Algorithm.parse(algs);
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(ExitCodes.USAGE, e.getMessage());
        }
    }
}
