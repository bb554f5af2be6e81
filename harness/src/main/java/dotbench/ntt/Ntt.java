package dotbench.ntt;

import dotbench.pipeline.BatchTime;
import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.pipeline.Schedule;
import dotbench.pipeline.Settings;
import dotbench.pipeline.Suite;
import dotbench.pipeline.SuiteRun;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The NTT multiplication crossover suite: GMP's mpn_mul and mpn_sqr (per GMP build) against
 * libdot's NTT products (per NTT variant this CPU runs) over a ladder of operand sizes, and the
 * size from which each NTT variant stays faster than GMP.
 */
public final class Ntt implements Suite<Shape> {
    /** The full ladder (limbs): dense around where the NTT overtakes GMP, then up to 4,096. */
    static final List<Integer> FULL_SIZES = List.of(
            64, 80, 88, 96, 112, 128, 132, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 448, 512, 640,
            768, 1024, 1536, 2048, 3072, 4096);
    /** The quick ladder: the paper's two sizes (88 and 132 limbs) and a coarse sweep. */
    static final List<Integer> QUICK_SIZES = List.of(64, 88, 132, 192, 256, 384, 512, 1024);

    static final List<Shape> FULL_UNBALANCED =
            List.of(Shape.mul(1024, 256), Shape.mul(2048, 512), Shape.mul(4096, 1024));
    static final List<Shape> QUICK_UNBALANCED = List.of(Shape.mul(1024, 256));

    /** The suite's own options. */
    public static final class Options {
        @Option(
                names = "--sizes",
                paramLabel = "LIMBS[,LIMBS...]",
                description = "Balanced operand sizes in 64-bit limbs, 1 to 6144 (each a product and a square)."
                        + " Default: 64 to 4096 limbs, dense from 64 to 512; quick: 64,88,132,192,256,384,512,1024.")
        String sizes;

        @Option(
                names = "--unbalanced",
                paramLabel = "UNxVN[,UNxVN...]|none",
                description = "Unbalanced products, e.g. 1024x256. Default: 1024x256,2048x512,4096x1024;"
                        + " quick: 1024x256.")
        String unbalanced;

        @Mixin
        BatchTime batchTime = new BatchTime();
    }

    private final Options options = new Options();
    private final List<String> planted;

    public Ntt() {
        this(List.of());
    }

    /**
     * @param planted controls added as contenders "ntt-NAME" (the helper's "planted-wrong",
     *     "planted-late"): kernels whose products are wrong, for the tests of the checks
     */
    Ntt(List<String> planted) {
        this.planted = List.copyOf(planted);
    }

    @Override
    public String name() {
        return "ntt";
    }

    @Override
    public String description() {
        return "NTT multiplication crossover: GMP's mpn_mul/mpn_sqr (gmp-stock, gmp-dot, ...: the GMP builds)"
                + " against libdot's NTT products (ntt-ifma, ntt-avx2, ntt-scalar: the variants this CPU runs) over"
                + " operand sizes, every product checked against BigInteger's; ratios with 95%% intervals and the"
                + " size from which each NTT variant stays faster (the crossover). Default variants: gmp-stock,"
                + " gmp-dot, ntt-ifma, ntt-avx2. Quick profile: 5 ms batches, 5 samples (default: 20 ms, 11).";
    }

    @Override
    public Object options() {
        return options;
    }

    @Override
    public Settings settings(boolean quick) {
        return options.batchTime.settings(quick, Duration.ofMillis(5), Duration.ofMillis(20));
    }

    /** The cases: per size a product and a square, then the unbalanced products. */
    List<Shape> shapes(boolean quick) {
        try {
            List<Integer> sizes =
                    options.sizes == null ? (quick ? QUICK_SIZES : FULL_SIZES) : parseSizes(options.sizes);
            List<Shape> unbalanced = options.unbalanced == null
                    ? (quick ? QUICK_UNBALANCED : FULL_UNBALANCED)
                    : parseUnbalanced(options.unbalanced);
            List<Shape> out = new ArrayList<>();
            sizes.forEach(n -> out.add(Shape.mul(n)));
            sizes.forEach(n -> out.add(Shape.sqr(n)));
            out.addAll(unbalanced);
            return out;
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(ExitCodes.USAGE, e.getMessage());
        }
    }

    static List<Integer> parseSizes(String spec) {
        List<Integer> out = new ArrayList<>();
        for (String part : spec.split(",")) {
            int n = parseLimbs(part, "--sizes");
            if (n > Shape.MAX_PRODUCT_LIMBS / 2) {
                throw new IllegalArgumentException(
                        "--sizes: " + n + " limbs is above libdot's NTT limit of " + Shape.MAX_PRODUCT_LIMBS / 2);
            }
            if (out.contains(n)) {
                throw new IllegalArgumentException("--sizes names " + n + " twice");
            }
            out.add(n);
        }
        return out.stream().sorted().toList();
    }

    static List<Shape> parseUnbalanced(String spec) {
        if (spec.trim().equals("none")) {
            return List.of();
        }
        List<Shape> out = new ArrayList<>();
        for (String part : spec.split(",")) {
            String[] sides = part.trim().split("x");
            if (sides.length != 2) {
                throw new IllegalArgumentException("--unbalanced: expected UNxVN (e.g. 1024x256), got '" + part + "'");
            }
            int un = parseLimbs(sides[0], "--unbalanced");
            int vn = parseLimbs(sides[1], "--unbalanced");
            if (vn >= un) {
                throw new IllegalArgumentException("--unbalanced: " + part.trim() + " needs UN > VN");
            }
            out.add(Shape.mul(un, vn));
        }
        return out;
    }

    private static int parseLimbs(String s, String option) {
        try {
            int n = Integer.parseInt(s.trim());
            if (n < 1) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": expected a positive limb count, got '" + s.trim() + "'");
        }
    }

    @Override
    public SuiteRun<Shape> open(Context context) {
        List<Shape> shapes = shapes(context.settings().quick());
        Contenders contenders = Contenders.open(context.root(), context.variants(), planted, context.progress());
        Settings s = context.settings();
        context.progress()
                .accept(String.format(
                        "ntt: %d cases x %d variants (%s), %s profile: %d samples of >= %d ms each",
                        shapes.size(),
                        contenders.list().size(),
                        String.join(", ", contenders.names()),
                        s.quick() ? "quick" : "full",
                        s.samples(),
                        ((Schedule.Batches) s.schedule()).minTime().toMillis()));
        return new NttRun(context.root(), contenders, shapes);
    }
}
