package dotbench.jmh;

import dotbench.modmul.ModMul;
import dotbench.pipeline.Case;
import dotbench.pipeline.Suite;
import dotbench.pipeline.SuiteRun;
import dotbench.pipeline.Timed;
import dotbench.pipeline.Trial;
import java.nio.file.Path;
import java.util.Optional;
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
 * The modmul suite's kernels under JMH: one contender's chain of dependent modular products (the
 * same native loop and checks as `dotbench modmul`), {@link #PRODUCTS} products per invocation.
 * The chain is checked against BigInteger after 1000 untimed products and after every iteration;
 * a wrong one throws, so JMH reports the case failed, never fast. Run it with JMH's own runner:
 * {@code java -Ddotbench.root=. -cp 'jmh/target/dotbench-jmh.jar:jmh/target/lib/*'
 * org.openjdk.jmh.Main ModMulBench} (see README).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ModMulBench {
    static final int PRODUCTS = 256;

    /** CONTENDER:BITS:sS, e.g. "pmns-trunc:4096:s4": a contender (pmns-full, pmns-trunc, gmp, openssl) and modmul case mulmod(BITS,sS). */
    @Param({
        "pmns-full:2048:s3",
        "pmns-trunc:2048:s3",
        "gmp:2048:s3",
        "openssl:2048:s3",
        "pmns-full:8192:s4",
        "pmns-trunc:8192:s4",
        "gmp:8192:s4",
        "openssl:8192:s4"
    })
    public String kase;

    /** For tests of the checks: the contender whose products are made wrong. */
    Optional<String> planted = Optional.empty();

    private SuiteRun<?> run;
    private Case<?> selected;
    private Timed chain;

    @Setup(Level.Trial)
    public void open() {
        String[] parts = kase.split(":");
        if (parts.length != 3) {
            throw new IllegalArgumentException("a modmul case is CONTENDER:BITS:sS, got '" + kase + "'");
        }
        String contender = parts[0];
        String name = "mulmod(" + parts[1] + "," + parts[2] + ")";
        ModMul suite = new ModMul(planted);
        Path root = Path.of(System.getProperty("dotbench.root", "."));
        run = suite.open(new Suite.Context(root, suite.settings(true), Optional.empty(), line -> {}));
        selected = run.cases().stream()
                .filter(c -> c.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no modmul case " + name));
        Trial trial = selected.prepare();
        if (trial.failed().containsKey(contender)) {
            throw new IllegalStateException(
                    contender + " " + name + ": " + trial.failed().get(contender));
        }
        chain = trial.timed().get(contender);
        if (chain == null) {
            throw new IllegalArgumentException("no contender " + contender + " among " + run.variants());
        }
    }

    @TearDown(Level.Iteration)
    public void check() {
        chain.checkLast().ifPresent(wrong -> {
            throw new IllegalStateException(kase + ": " + wrong);
        });
    }

    @TearDown(Level.Trial)
    public void close() {
        selected.close();
        run.close();
    }

    @Benchmark
    @OperationsPerInvocation(PRODUCTS)
    public long product() {
        return chain.run(PRODUCTS).cpuNs();
    }
}
