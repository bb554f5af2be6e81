package dotbench.bindings;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A file's identity: its resolved path and the SHA-256 of its bytes. Builds in a shared working
 * tree are relinked while benchmarks run; this is how a result names the exact library it timed
 * and how a run notices that the file changed under it.
 */
public record FileFingerprint(Path resolved, long size, String sha256) {
    public static FileFingerprint of(Path file) {
        try {
            Path real = file.toRealPath();
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            try (InputStream in = Files.newInputStream(real)) {
                byte[] buffer = new byte[1 << 16];
                for (int n; (n = in.read(buffer)) > 0; ) {
                    digest.update(buffer, 0, n);
                }
            }
            return new FileFingerprint(real, Files.size(real), HexFormat.of().formatHex(digest.digest()));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
