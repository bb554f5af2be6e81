package dotbench.modmul;

import dotbench.bindings.LimbCodec;
import dotbench.bindings.helper.ModmulLoops;
import dotbench.pipeline.Sample;
import dotbench.pipeline.Timed;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.Optional;

/**
 * One contender's chain of dependent modular products x = x * step mod p in the native loop
 * (harness/src/main/c/modmul_loops.h). Its value is checked against java.math.BigInteger: after k
 * products from x0 it must be x0 * step^k mod p, where step is y for PMNS and y / 2^(64 n) for the
 * Montgomery products.
 */
final class Contender implements Timed, AutoCloseable {
    private final ModmulLoops loops;
    private final MemorySegment chain;
    private final BigInteger p;
    private final BigInteger x0;
    private final BigInteger step;
    private final int limbs;
    private final Arena arena = Arena.ofConfined();
    private final MemorySegment timing;
    private long products;
    private long ticks;
    private long wallNs;

    Contender(ModmulLoops loops, MemorySegment chain, BigInteger p, BigInteger x0, BigInteger step, int limbs) {
        this.loops = loops;
        this.chain = chain;
        this.p = p;
        this.x0 = x0;
        this.step = step;
        this.limbs = limbs;
        this.timing = ModmulLoops.newTiming(arena);
    }

    @Override
    public Sample run(long reps) {
        long failures = loops.run(chain, reps, false, timing);
        products += reps;
        ticks += ModmulLoops.ticks(timing);
        wallNs += ModmulLoops.wallNanos(timing);
        return sample(reps, failures);
    }

    @Override
    public Sample runEmpty(long reps) {
        return sample(reps, loops.run(chain, reps, true, timing));
    }

    private Sample sample(long reps, long failures) {
        long cpu = ModmulLoops.cpuNanos(timing);
        return new Sample(reps, cpu, cpu, ModmulLoops.wallNanos(timing), failures);
    }

    /** The chain's value now, reduced mod p. */
    BigInteger value() {
        MemorySegment out = arena.allocate(ValueLayout.JAVA_LONG, limbs);
        loops.value(chain, out);
        return LimbCodec.fromLimbs(out.toArray(ValueLayout.JAVA_LONG)).mod(p);
    }

    /** What the chain must hold after the products run so far. */
    BigInteger expected() {
        return x0.multiply(step.modPow(BigInteger.valueOf(products), p)).mod(p);
    }

    /** Runs {@code reps} products untimed from the start and checks the result; empty when right. */
    Optional<String> check(long reps) {
        loops.reset(chain);
        products = 0;
        run(reps);
        Optional<String> wrong = checkLast();
        loops.reset(chain);
        products = 0;
        ticks = 0;
        wallNs = 0;
        return wrong;
    }

    @Override
    public Optional<String> checkLast() {
        BigInteger got = value();
        BigInteger want = expected();
        return got.equals(want)
                ? Optional.empty()
                : Optional.of("after " + products + " products the chain holds " + abbreviate(got) + ", "
                        + "BigInteger says " + abbreviate(want));
    }

    private static String abbreviate(BigInteger v) {
        String hex = v.toString(16);
        return hex.length() <= 16 ? "0x" + hex : "0x" + hex.substring(0, 16) + "...(" + v.bitLength() + " bits)";
    }

    /** TSC ticks per nanosecond of wall time over everything timed so far (0 where there is no TSC). */
    double ticksPerNs() {
        return wallNs == 0 ? 0 : (double) ticks / wallNs;
    }

    void plant() {
        loops.plant(chain);
    }

    @Override
    public void close() {
        loops.free(chain);
        arena.close();
    }
}
