package dotbench.modmul;

import dotbench.bindings.LimbCodec;
import dotbench.bindings.Pmns;
import dotbench.pipeline.Case;
import dotbench.pipeline.Timed;
import dotbench.pipeline.Trial;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/** One size and PMNS parameter set: every contender's chain set up, checked, timed, checked again. */
final class ModMulCase implements Case<ModMulDetail> {
    /** Products each chain runs untimed, checked against BigInteger, before anything is timed. */
    static final int CHECK_PRODUCTS = 1000;

    private final ModMulRun run;
    private final int bits;
    private final int digits;
    private final Path file;
    private final long coefficients;
    private final Map<String, Contender> contenders = new LinkedHashMap<>();
    private Pmns pmns;

    ModMulCase(ModMulRun run, int bits, int digits, Path file, long coefficients) {
        this.run = run;
        this.coefficients = coefficients;
        this.bits = bits;
        this.digits = digits;
        this.file = file;
    }

    @Override
    public String name() {
        return "mulmod(" + bits + ",s" + digits + ")";
    }

    @Override
    public Trial prepare() {
        pmns = Pmns.load(run.dot(), file);
        BigInteger p = pmns.modulus();
        int limbs = Math.toIntExact(pmns.limbs());
        // operands depend on the case only: the same for every contender and every run
        Random random = new Random(bits * 31L + digits);
        BigInteger x = new BigInteger(bits + 64, random).mod(p);
        BigInteger y = new BigInteger(bits + 64, random).mod(p);
        BigInteger montgomeryStep =
                y.multiply(BigInteger.ONE.shiftLeft(64 * limbs).modInverse(p)).mod(p);
        Map<String, String> failed = new LinkedHashMap<>();
        Map<String, Timed> timed = new LinkedHashMap<>();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ps = limbs(arena, p, limbs);
            MemorySegment xs = limbs(arena, x, limbs);
            MemorySegment ys = limbs(arena, y, limbs);
            for (String variant : run.variants()) {
                MemorySegment chain = run.newChain(variant, pmns, ps, xs, ys, arena);
                if (chain.equals(MemorySegment.NULL)) {
                    failed.put(variant, "its chain could not be set up (out of memory or a library call failed)");
                    continue;
                }
                boolean pmnsKind = variant.startsWith("pmns");
                Contender c = new Contender(run.loops(), chain, p, x, pmnsKind ? y : montgomeryStep, limbs);
                contenders.put(variant, c);
                if (run.planted().filter(variant::equals).isPresent()) {
                    c.plant();
                }
                Optional<String> wrong = c.check(CHECK_PRODUCTS);
                if (wrong.isPresent()) {
                    failed.put(variant, "before timing: " + wrong.get());
                } else {
                    timed.put(variant, c);
                }
            }
        }
        return new Trial(timed, failed, Optional.empty());
    }

    private static MemorySegment limbs(Arena arena, BigInteger v, int n) {
        return arena.allocateFrom(ValueLayout.JAVA_LONG, LimbCodec.toLimbs(v, n));
    }

    @Override
    public ModMulDetail detail() {
        Map<String, Double> tsc = new LinkedHashMap<>();
        contenders.forEach((name, c) -> tsc.put(name, c.ticksPerNs()));
        return new ModMulDetail(
                bits, digits, coefficients, run.root().relativize(file).toString(), run.pmnsIsa(), tsc);
    }

    @Override
    public void close() {
        contenders.values().forEach(Contender::close);
        contenders.clear();
        if (pmns != null) {
            pmns.close();
        }
    }
}
