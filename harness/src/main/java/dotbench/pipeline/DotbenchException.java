package dotbench.pipeline;

/** A failure with a message for the user and the exit status it maps to (see ExitCodes). */
public final class DotbenchException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int exitCode;

    public DotbenchException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public DotbenchException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
