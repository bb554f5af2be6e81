package dotbench.results;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes files so that readers see either the old content or the complete new one: the text goes
 * to a temporary file in the same folder, every byte of it is written (a short write, as under a
 * file-size limit or on a full disk, is retried and then an error) and forced to disk, its size is
 * checked, and only then is it renamed over the target (rename within one file system is atomic
 * on POSIX). A failure, a crash or Ctrl-C before the rename leaves the target untouched and at
 * most a ".tmp" file behind. The file is created with the default mode, so the umask applies as
 * for any tool (0644 under umask 022).
 */
public final class AtomicFiles {
    private AtomicFiles() {}

    private static final SecureRandom RANDOM = new SecureRandom();

    public static void write(Path target, String text) throws IOException {
        Map<Path, String> one = new LinkedHashMap<>();
        one.put(target, text);
        writeAll(one);
    }

    /**
     * Writes several files as a set: every temporary file is written and forced before the first
     * rename, so a failure while writing (the likely one: no space, a size limit) leaves every
     * target as it was.
     */
    public static void writeAll(Map<Path, String> targets) throws IOException {
        try {
            stageAndRename(targets);
        } catch (AccessDeniedException e) {
            throw new IOException(e.getFile() + ": permission denied", e);
        } catch (FileAlreadyExistsException e) {
            throw new IOException(e.getFile() + ": exists and is not a folder", e);
        } catch (NoSuchFileException e) {
            throw new IOException(e.getFile() + ": no such file or folder", e);
        }
    }

    private static void stageAndRename(Map<Path, String> targets) throws IOException {
        List<Path[]> staged = new ArrayList<>();
        try {
            for (Map.Entry<Path, String> e : targets.entrySet()) {
                Path target = e.getKey();
                staged.add(new Path[] {stage(target, StandardCharsets.UTF_8.encode(e.getValue())), target});
            }
            for (Path[] s : staged) {
                try {
                    Files.move(s[0], s[1], StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    throw new IOException("cannot replace " + s[1] + " atomically (" + e.getMessage() + ")", e);
                }
            }
        } finally {
            for (Path[] s : staged) {
                Files.deleteIfExists(s[0]);
            }
        }
    }

    /** The complete, forced temporary file beside {@code target}. */
    private static Path stage(Path target, ByteBuffer bytes) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path temp = null;
        FileChannel ch = null;
        for (int attempt = 0; ch == null; attempt++) {
            byte[] tag = new byte[6];
            RANDOM.nextBytes(tag);
            temp = dir.resolve("." + target.getFileName() + "." + HexFormat.of().formatHex(tag) + ".tmp");
            try {
                ch = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW);
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 10) {
                    throw new IOException("cannot make a temporary file in " + dir + " (" + temp + " exists)", e);
                }
            }
        }
        try (FileChannel c = ch) {
            long expected = bytes.remaining();
            write(c, bytes);
            c.force(true);
            if (c.size() != expected) {
                throw new IOException(temp + " holds " + c.size() + " bytes after writing " + expected);
            }
            return temp;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
    }

    /**
     * Writes every byte of {@code bytes}: a channel may write fewer than asked; a call that writes
     * nothing twice in a row is an error (the next write would fail or block, e.g. at a file-size
     * limit, where the kernel writes up to the limit and then refuses).
     */
    static void write(WritableByteChannel ch, ByteBuffer bytes) throws IOException {
        int idle = 0;
        while (bytes.hasRemaining()) {
            if (ch.write(bytes) > 0) {
                idle = 0;
            } else if (++idle >= 2) {
                throw new IOException("short write: " + bytes.remaining() + " bytes could not be written");
            }
        }
    }
}
