package dotbench.jmh;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One kernel call, timed through FFM: each invocation runs {@link #CALLS} calls inside the native
 * loop, so the Java-to-native transition is paid once per CALLS. Stock and patched differ only in
 * the {@code kase} parameter. The answer is checked before the first and after every iteration; a
 * wrong one throws and JMH reports the case as failed, never as fast.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class KernelBench {
    static final int CALLS = 1024;

    /** IMPL:OP:LIMBS; BenchMain passes every case this machine runs. */
    @Param({"libdot/scalar:add_n:8"})
    public String kase;

    private KernelCase c;

    @Setup(Level.Trial)
    public void open() {
        c = KernelCase.open(Path.of(System.getProperty("dotbench.root", ".")), kase);
        c.check();
    }

    @TearDown(Level.Iteration)
    public void check() {
        c.check();
    }

    @TearDown(Level.Trial)
    public void close() {
        c.close();
    }

    @Benchmark
    @OperationsPerInvocation(CALLS)
    public long kernel() {
        return c.run(CALLS);
    }

    /** The empty loop of the same case: what the harness itself costs per call. */
    @Benchmark
    @OperationsPerInvocation(CALLS)
    public long overhead() {
        return c.runEmpty(CALLS);
    }
}
