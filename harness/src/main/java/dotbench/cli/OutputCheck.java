package dotbench.cli;

import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;

/** Where a command's output goes: checked before a long run starts, printed and saved at its end. */
final class OutputCheck {
    private OutputCheck() {}

    /** Exit 5 with the path and the reason when {@code file}'s folder cannot take a new file. */
    static void writable(Path file) {
        if (Files.isDirectory(file)) {
            throw new DotbenchException(ExitCodes.IO_ERROR, "cannot write " + file + ": it is a folder");
        }
        Path dir = file.toAbsolutePath().getParent();
        Path existing = dir;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null || !Files.isDirectory(existing)) {
            throw new DotbenchException(
                    ExitCodes.IO_ERROR, "cannot write " + file + ": " + existing + " is not a folder");
        }
        if (!Files.isWritable(existing) || existing.startsWith("/proc") || existing.startsWith("/sys")) {
            throw new DotbenchException(
                    ExitCodes.IO_ERROR, "cannot write " + file + ": " + existing + " is not writable");
        }
    }

    /** Prints {@code text} and, with {@code out}, writes it there too (exit 5 when it cannot). */
    static void printAndSave(CommandSpec spec, String text, Path out) {
        spec.commandLine().getOut().print(text);
        spec.commandLine().getOut().flush();
        if (out != null) {
            SuiteCommand.write(out, text);
        }
    }
}
