package dotbench.modmul;

import dotbench.pipeline.BatchTime;
import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.pipeline.Settings;
import dotbench.pipeline.Suite;
import dotbench.pipeline.SuiteRun;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Modular multiplication at 1024-8192 bits: libdot's PMNS product (full and truncated internal
 * reduction) against GMP's Montgomery product (mpn_mul_n + mpn_redc_1, stock asm build) and
 * OpenSSL's BN_mod_mul_montgomery (stock libcrypto), each a chain of dependent products in a native
 * loop, checked against java.math.BigInteger before, during and after timing.
 */
public final class ModMul implements Suite<ModMulDetail> {
    static final List<Integer> SIZES = List.of(1024, 2048, 4096, 8192);

    /** modmul's own options. */
    public static final class Options {
        @Option(
                names = "--sizes",
                paramLabel = "BITS[,BITS...]",
                description = "Sizes of p among 1024, 2048, 4096, 8192. Default: all.")
        String sizes;

        @Option(
                names = "--digits",
                paramLabel = "S[,S...]",
                description =
                        "PMNS parameter sets by s, the 52-bit digits per coefficient (2, 3, 4)." + " Default: 2,3,4.")
        String digits;

        @Mixin
        BatchTime batchTime = new BatchTime();
    }

    private final Options options = new Options();
    private final Optional<String> planted;

    public ModMul() {
        this(Optional.empty());
    }

    /** A suite whose contender {@code planted} (for tests of the checks) computes wrong products. */
    public ModMul(Optional<String> planted) {
        this.planted = planted;
    }

    @Override
    public String name() {
        return "modmul";
    }

    @Override
    public String description() {
        return "Modular multiplication at 1024-8192 bits: libdot's PMNS product, full and truncated, against GMP's"
                + " Montgomery product (mpn_mul_n + mpn_redc_1) and OpenSSL's BN_mod_mul_montgomery (stock builds);"
                + " every result checked against BigInteger. Quick profile: 20 ms batches, 5 samples"
                + " (default: 100 ms, 11).";
    }

    @Override
    public Object options() {
        return options;
    }

    @Override
    public Settings settings(boolean quick) {
        return options.batchTime.settings(quick, Duration.ofMillis(20), Duration.ofMillis(100));
    }

    @Override
    public SuiteRun<ModMulDetail> open(Context context) {
        List<Integer> sizes = parse(options.sizes, SIZES, "--sizes");
        List<Integer> digits = parse(options.digits, List.of(2, 3, 4), "--digits");
        return ModMulRun.open(context, sizes, digits, planted);
    }

    /** The values {@code spec} lists (all of {@code allowed} when absent); others are a usage error. */
    private static List<Integer> parse(String spec, List<Integer> allowed, String option) {
        if (spec == null) {
            return allowed;
        }
        try {
            List<Integer> out = Arrays.stream(spec.split(","))
                    .map(String::trim)
                    .map(Integer::valueOf)
                    .distinct()
                    .toList();
            if (!allowed.containsAll(out)) {
                throw new NumberFormatException();
            }
            return out;
        } catch (NumberFormatException e) {
            throw new DotbenchException(
                    ExitCodes.USAGE,
                    option + " takes values among " + allowed + " separated by commas, got '" + spec + "'");
        }
    }
}
