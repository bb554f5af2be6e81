package dotbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @TempDir
    Path dir;

    private long filesIn(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.count();
        }
    }

    @Test
    void writesAndReplacesLeavingNoTemporaryFile() throws IOException {
        Path target = dir.resolve("sub/result.json");
        AtomicFiles.write(target, "{\"a\": 1}\n");
        assertEquals("{\"a\": 1}\n", Files.readString(target));
        AtomicFiles.write(target, "{\"a\": 2}\n");
        assertEquals("{\"a\": 2}\n", Files.readString(target));
        assertEquals(1, filesIn(target.getParent()));
    }

    @Test
    void aFailedReplaceLeavesTheOldContentAndNoDebris() throws IOException {
        // a non-empty directory cannot be replaced by a file: the rename fails after the data was written
        Path target = dir.resolve("result.json");
        Files.createDirectories(target);
        Files.writeString(target.resolve("keep"), "old");
        assertThrows(IOException.class, () -> AtomicFiles.write(target, "new"));
        assertEquals("old", Files.readString(target.resolve("keep")));
        assertEquals(1, filesIn(dir), "the temporary file was removed");
    }

    @Test
    void neverShowsAPartialFileToAConcurrentReader() throws Exception {
        Path target = dir.resolve("r.json");
        String big = "x".repeat(4 << 20);
        AtomicFiles.write(target, big);
        Thread writer = new Thread(() -> {
            for (int i = 0; i < 10; i++) {
                try {
                    AtomicFiles.write(target, i % 2 == 0 ? big.replace('x', 'y') : big);
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            }
        });
        writer.start();
        while (writer.isAlive()) {
            assertEquals(big.length(), Files.readString(target).length());
        }
        writer.join();
        assertTrue(Files.size(target) == big.length());
    }

    /** A channel that takes at most {@code most} bytes per call (0: none at all, as at a size limit). */
    private static WritableByteChannel shortChannel(ByteArrayOutputStream sink, int most) {
        return new WritableByteChannel() {
            @Override
            public int write(ByteBuffer src) {
                int n = Math.min(most, src.remaining());
                byte[] b = new byte[n];
                src.get(b);
                sink.write(b, 0, n);
                return n;
            }

            @Override
            public boolean isOpen() {
                return true;
            }

            @Override
            public void close() {}
        };
    }

    @Test
    void shortWritesAreContinuedAndAWriteThatStopsIsAnError() throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        AtomicFiles.write(shortChannel(sink, 3), ByteBuffer.wrap("0123456789".getBytes(StandardCharsets.UTF_8)));
        assertEquals("0123456789", sink.toString(StandardCharsets.UTF_8));
        ByteArrayOutputStream stuck = new ByteArrayOutputStream();
        IOException e = assertThrows(
                IOException.class,
                () -> AtomicFiles.write(shortChannel(stuck, 0), ByteBuffer.wrap(new byte[] {1, 2, 3})));
        assertTrue(e.getMessage().contains("3 bytes could not be written"), e.getMessage());
    }

    @Test
    void aSetIsWrittenWholeOrNotAtAll() throws IOException {
        Path first = dir.resolve("report.html");
        Files.writeString(first, "old");
        // the second file's folder is a plain file: its temporary file cannot be made
        Files.writeString(dir.resolve("blocked"), "");
        Map<Path, String> pair = new LinkedHashMap<>();
        pair.put(first, "new");
        pair.put(dir.resolve("blocked/report.md"), "new");
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.writeAll(pair));
        assertEquals(dir.resolve("blocked") + ": exists and is not a folder", e.getMessage());
        assertEquals("old", Files.readString(first), "the first file is not replaced when the second fails");
        assertEquals(2, filesIn(dir), "no temporary file is left");
    }

    @Test
    void newFilesGetTheUmaskModeLikeAnyOtherFile() throws IOException {
        Path reference = Files.createFile(dir.resolve("plain"));
        Path written = dir.resolve("result.json");
        AtomicFiles.write(written, "{}");
        assertEquals(
                PosixFilePermissions.toString(Files.getPosixFilePermissions(reference)),
                PosixFilePermissions.toString(Files.getPosixFilePermissions(written)));
    }
}
