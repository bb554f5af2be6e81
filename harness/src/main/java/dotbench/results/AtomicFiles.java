package dotbench.results;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file so that readers see either the old content or the complete new one: the text
 * goes to a temporary file in the same folder, is forced to disk, then renamed over the target
 * (rename within one file system is atomic on POSIX). A crash or Ctrl-C before the rename leaves
 * the target untouched and at most a ".tmp" file behind.
 */
public final class AtomicFiles {
    private AtomicFiles() {}

    public static void write(Path target, String text) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
        try {
            try (FileChannel ch =
                    FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ch.write(StandardCharsets.UTF_8.encode(text));
                ch.force(true);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("cannot replace " + target + " atomically (" + e.getMessage() + ")", e);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
