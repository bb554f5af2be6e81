package dotbench.speed;

import dotbench.pipeline.Sample;
import dotbench.pipeline.Timed;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * One variant's operation as the runner times it, openssl speed's way: operations one after the
 * other in Java (each is a whole EVP call, long next to the call's own cost), each one's latency
 * recorded, the clocks speed reads (user CPU, wall) and the thread's whole CPU time read around the
 * stretch. A slot ends when its time is up, the running operation completing (speed's alarm lets
 * it finish too).
 */
final class OpTimer implements Timed {
    private final OpLoop loop;
    private final OpLoop empty;
    private final Histogram latency = new Histogram(3);

    /** @param empty the same loop shape around a trivial library call, for the overhead figure */
    OpTimer(OpLoop loop, OpLoop empty) {
        this.loop = loop;
        this.empty = empty;
    }

    Histogram latency() {
        return latency;
    }

    @Override
    public Sample run(long reps) {
        return time(loop, reps, Long.MAX_VALUE, latency);
    }

    @Override
    public Sample runFor(long durationNs) {
        return time(loop, Long.MAX_VALUE, durationNs, latency);
    }

    @Override
    public void warmUp(long ns) {
        time(loop, Long.MAX_VALUE, ns, new Histogram(3));
    }

    @Override
    public Sample runEmpty(long reps) {
        return time(empty, reps, Long.MAX_VALUE, new Histogram(3));
    }

    @Override
    public Optional<String> checkLast() {
        return loop.checkLast();
    }

    /** Operations until {@code reps} are done or {@code durationNs} has passed, whichever comes first (at least one). */
    private static Sample time(OpLoop op, long reps, long durationNs, Histogram latency) {
        long failures = 0;
        long ops = 0;
        long cpu0 = Clocks.threadCpuNs();
        long user0 = Clocks.threadUserNs();
        long wall0 = System.nanoTime();
        long deadline = durationNs == Long.MAX_VALUE ? Long.MAX_VALUE : wall0 + durationNs;
        long t1;
        do {
            long t0 = System.nanoTime();
            boolean ok = op.once();
            t1 = System.nanoTime();
            latency.recordValue(t1 - t0);
            ops++;
            if (!ok) {
                failures++;
            }
        } while (ops < reps && t1 < deadline);
        return new Sample(ops, Clocks.threadCpuNs() - cpu0, Clocks.threadUserNs() - user0, t1 - wall0, failures);
    }
}
