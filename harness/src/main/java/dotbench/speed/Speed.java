package dotbench.speed;

import dotbench.bindings.LibraryKind;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.VariantSpec;
import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.pipeline.FidelityCheck;
import dotbench.pipeline.Schedule;
import dotbench.pipeline.Settings;
import dotbench.pipeline.Suite;
import dotbench.pipeline.SuiteRun;
import dotbench.pipeline.VariantSelection;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The openssl-speed-style suite: RSA, RSA-KEM, DSA and FFDH through EVP on each libcrypto variant, timed in windows. */
public final class Speed implements Suite<SpeedDetail> {
    /** speed's own options. */
    public static final class Options {
        @Option(
                names = "--algs",
                paramLabel = "ALG[,ALG...]",
                description =
                        "Algorithms, e.g. rsa2048,ffdh3072,dsa: rsa, rsakem, ffdh, dsa (all sizes) or with a size:"
                                + " rsa512..rsa15360, rsakem512..rsakem15360, ffdh2048..ffdh8192, dsa1024, dsa2048."
                                + " Default: all (--quick: rsa2048,rsa4096,rsakem2048,ffdh2048,dsa2048).")
        String algs;

        @Option(
                names = "--seconds",
                paramLabel = "N",
                description = "Window per test per variant, as openssl speed's -seconds (default 10; --quick: 1).")
        Double seconds;

        @Option(
                names = "--ia32cap",
                paramLabel = "[NAME=]MASK",
                description =
                        "OPENSSL_ia32cap for every variant (MASK) or one variant (NAME=MASK), set before that libcrypto loads;"
                                + " e.g. '~0x0:~0x200000:~0x80000000000000:~0x0:~0x0' turns off both IFMA RSA paths. Repeatable.")
        List<String> ia32cap = new ArrayList<>();

        @Option(names = "--keys", paramLabel = "DIR", description = "Key cache (default build/speed/keys).")
        Path keysDir;
    }

    /** Samples (slots per window) of the full profile: a family-wise verdict on every test needs 12. */
    static final int FULL_SAMPLES = 12;

    private final Options options = new Options();
    private boolean quick;

    @Override
    public String name() {
        return "speed";
    }

    @Override
    public String description() {
        return "openssl speed's RSA, RSA-KEM, DSA and FFDH tests through EVP on each libcrypto variant (build/openssl/NAME"
                + " or system), loaded side by side and timed A/B interleaved; -mr summary blocks, latency percentiles, ratio"
                + " tables, JSON results. Quick profile: 1 s windows in 5 slots and a representative algorithm subset"
                + " (default: 10 s in 12 slots, the fewest whose whole range is a verdict on all 62 tests at once).";
    }

    @Override
    public Object options() {
        return options;
    }

    @Override
    public Settings settings(boolean quickProfile) {
        this.quick = quickProfile;
        Settings s = quickProfile
                ? Settings.of(true, 5, new Schedule.Windows(Duration.ofSeconds(1)))
                : Settings.of(false, FULL_SAMPLES, new Schedule.Windows(Duration.ofSeconds(10)));
        if (options.seconds != null) {
            if (!(options.seconds > 0) || options.seconds > 3600) {
                throw new IllegalArgumentException(
                        "--seconds must be above 0 and at most 3600, got " + options.seconds);
            }
            s = s.withSchedule(new Schedule.Windows(Duration.ofNanos(Math.round(options.seconds * 1e9))));
        }
        return s;
    }

    /** The algorithms --algs names, or the profile's. */
    List<Algorithm> algorithms() {
        try {
            if (options.algs == null) {
                return quick ? Algorithm.parse("rsa2048,rsa4096,rsakem2048,ffdh2048,dsa2048") : Algorithm.all();
            }
            return Algorithm.parse(options.algs);
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(ExitCodes.USAGE, e.getMessage());
        }
    }

    @Override
    public SuiteRun<SpeedDetail> open(Context context) {
        List<Algorithm> algorithms = algorithms();
        Ia32Cap masks;
        try {
            masks = Ia32Cap.parse(options.ia32cap);
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(ExitCodes.USAGE, e.getMessage());
        }
        VariantCatalog catalog = VariantCatalog.scan(context.root());
        List<VariantSpec> specs =
                new VariantSelection(catalog, LibraryKind.OPENSSL, "OpenSSL", "openssl").resolve(context.variants());
        List<String> names = specs.stream().map(VariantSpec::name).toList();
        for (String named : masks.perVariant().keySet()) {
            if (!names.contains(named)) {
                throw new DotbenchException(
                        ExitCodes.USAGE,
                        "--ia32cap names '" + named + "', which is not among the variants run " + names);
            }
        }
        List<LoadedVariant> loaded = new ArrayList<>();
        try {
            for (VariantSpec s : specs) {
                loaded.add(load(s, masks.maskFor(s.name())));
            }
            // the reference (key generator and oracle) is loaded last, without a mask of its own
            VariantSpec refSpec =
                    catalog.find(LibraryKind.OPENSSL, VariantCatalog.SYSTEM).orElse(specs.get(0));
            LoadedVariant reference = load(refSpec, Optional.empty());
            for (LoadedVariant v : loaded) {
                context.progress()
                        .accept(String.format(
                                "speed: %-11s %s  CPUINFO: %s%s",
                                v.name(),
                                v.version(),
                                v.cpuSettings().orElse("-"),
                                v.ia32capMask()
                                        .map(m -> "  (OPENSSL_ia32cap=" + m + " at load)")
                                        .orElse("")));
            }
            Settings settings = context.settings();
            context.progress()
                    .accept(String.format(
                            "speed: %d tests x %d variants, %.1f s window per test per variant in %d slots;"
                                    + " reference library %s",
                            algorithms.stream()
                                    .mapToInt(a -> a.family().operations().size())
                                    .sum(),
                            loaded.size(),
                            ((Schedule.Windows) settings.schedule()).window().toMillis() / 1000.0,
                            settings.samples(),
                            refSpec.library()));
            Path keyDir =
                    options.keysDir != null ? options.keysDir : context.root().resolve("build/speed/keys");
            SpeedKeys keys = new SpeedKeys(keyDir, reference::library, context.progress());
            keys.check(algorithms, reference.library());
            return new SpeedRun(loaded, reference, keys, algorithms, settings);
        } catch (RuntimeException e) {
            loaded.forEach(LoadedVariant::close);
            throw e;
        }
    }

    private static LoadedVariant load(VariantSpec s, Optional<String> mask) {
        try {
            return LoadedVariant.load(s, mask);
        } catch (IllegalArgumentException | UnsatisfiedLinkError e) {
            throw new DotbenchException(
                    ExitCodes.MISSING_BUILD, "cannot load " + s.library() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<FidelityCheck> fidelity() {
        return Optional.of(new OpensslFidelityCheck(this));
    }
}
