package dotbench.gmpbench;

import java.util.List;

/**
 * One GMPbench test: a program and its operand sizes in bits (pi: digits), named as runbench
 * names them, e.g. "multiply(8192,8192)". One size means a squaring for multiply.
 */
public record GmpBenchTest(Program program, List<Long> args) {
    public GmpBenchTest {
        args = List.copyOf(args);
    }

    public String name() {
        return program.label() + "("
                + String.join(",", args.stream().map(String::valueOf).toList()) + ")";
    }

    /** runbench's label: "GMPbench.base.multiply(128)". */
    public String gmpbenchLabel() {
        return "GMPbench." + program.category().label() + "." + name();
    }

    @Override
    public String toString() {
        return name();
    }
}
