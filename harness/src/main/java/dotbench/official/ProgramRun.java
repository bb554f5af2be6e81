package dotbench.official;

/**
 * One run of a GMPbench program on one variant.
 *
 * @param output what it printed, parsed
 * @param wallNs the whole process's wall time: set-up and calibration included
 */
public record ProgramRun(ProgramOutput output, long wallNs) {
    /**
     * The CPU time of the timed loop in ns as far as the RESULT figure resolves it (the program
     * prints 1000 * iterations / ms, not the milliseconds): iterations / RESULT.
     */
    public long cpuNs() {
        return Math.round(output.iterations() * 1e9 / output.opsPerSecond());
    }
}
