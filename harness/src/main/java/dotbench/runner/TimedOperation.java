package dotbench.runner;

/**
 * Something the A/B runner can time in batches: one variant's instance of one test. Both methods
 * time inside native code, so the Java side adds nothing to a batch but its call.
 */
public interface TimedOperation {
    /** {@code reps} operations back to back. */
    Sample run(long reps);

    /** The same loop and argument passing around an empty function: the measurement's own cost. */
    Sample runEmpty(long reps);
}
