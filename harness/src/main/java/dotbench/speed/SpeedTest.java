package dotbench.speed;

/** One timed test: an operation of an algorithm, e.g. "rsa2048 sign". */
public record SpeedTest(Algorithm algorithm, Operation operation) {
    public String name() {
        return algorithm.name() + " " + operation.label();
    }
}
