package dotbench.nativeloop;

import dotbench.bindings.Gmp;
import dotbench.bindings.helper.GmpbenchWork;
import dotbench.pipeline.Sample;
import dotbench.pipeline.Timed;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.HexFormat;
import java.util.Optional;

/** One GMPbench test set up inside one GMP variant: run it timed, check its answer. Single-threaded. */
public final class GmpCase implements AutoCloseable, Timed {
    private final GmpbenchWork h;
    private final MemorySegment c;
    private final String test;
    private final Gmp gmp;
    private final Arena arena = Arena.ofConfined();
    private final MemorySegment timing;

    GmpCase(GmpbenchWork h, MemorySegment c, String test, Gmp gmp) {
        this.h = h;
        this.c = c;
        this.test = test;
        this.gmp = gmp;
        this.timing = GmpbenchWork.newTiming(arena);
    }

    public String test() {
        return test;
    }

    public Gmp gmp() {
        return gmp;
    }

    /** {@code reps} operations in the native loop. */
    @Override
    public Sample run(long reps) {
        h.dotbench_case_run(c, reps, timing);
        return sample(reps);
    }

    /** The same loop calling an empty function of the operation's shape: the loop's own cost. */
    @Override
    public Sample runEmpty(long reps) {
        h.dotbench_case_run_empty(c, reps, timing);
        return sample(reps);
    }

    private Sample sample(long reps) {
        return Sample.of(reps, GmpbenchWork.cpuNanos(timing), GmpbenchWork.wallNanos(timing));
    }

    /** A hash of the test's answer computed afresh (rsa: 16 signatures), equal across correct variants. */
    public String answerHash() {
        return hex(h.dotbench_case_answer_hash(c));
    }

    /** A hash of what the last timed batch left in the outputs. */
    public String outputHash() {
        return hex(h.dotbench_case_output_hash(c));
    }

    /** Operand i (0: x, 1: y) as a BigInteger, where the test has one (not rsa or pi). */
    public Optional<BigInteger> operand(int i) {
        MemorySegment z = h.dotbench_case_operand(c, i);
        return z.equals(MemorySegment.NULL) ? Optional.empty() : Optional.of(Gmp.read(z));
    }

    /** Output i (0: the result, 1: gcdext's cofactor) as a BigInteger. */
    public Optional<BigInteger> output(int i) {
        MemorySegment z = h.dotbench_case_output(c, i);
        return z.equals(MemorySegment.NULL) ? Optional.empty() : Optional.of(Gmp.read(z));
    }

    private static String hex(long hash) {
        return HexFormat.of().toHexDigits(hash);
    }

    @Override
    public void close() {
        h.dotbench_case_free(c);
        arena.close();
    }
}
