package dotbench.bindings;

/** What a loaded library is; decides its file name under build/ and its marker function. */
public enum LibraryKind {
    GMP("libgmp.so", "dotmp_marker"),
    OPENSSL("libcrypto.so", "dotssl_marker"),
    DOT("libdot.so", "dot_version");

    private final String fileName;
    private final String markerSymbol;

    LibraryKind(String fileName, String markerSymbol) {
        this.fileName = fileName;
        this.markerSymbol = markerSymbol;
    }

    /** The shared object's name inside a variant's lib/ folder. */
    public String fileName() {
        return fileName;
    }

    /** A {@code const char *f(void)} only the dot-patched builds (and libdot itself) export. */
    public String markerSymbol() {
        return markerSymbol;
    }
}
