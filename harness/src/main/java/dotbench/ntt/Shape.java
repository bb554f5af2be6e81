package dotbench.ntt;

import java.util.Locale;

/**
 * One case's operation: a product of an {@code un}-limb by a {@code vn}-limb number, or the
 * square of an {@code un}-limb number. Names: "mul(256)" (256 x 256), "mul(1024,256)", "sqr(256)".
 */
public record Shape(boolean square, int un, int vn) {
    /** The largest un + vn libdot's NTT products take (DOT_NTT_MAX_LIMBS in dot_ntt.h). */
    public static final int MAX_PRODUCT_LIMBS = 12288;

    public Shape {
        if (un < 1 || vn < 1 || vn > un || (square && un != vn)) {
            throw new IllegalArgumentException(
                    "a product needs un >= vn >= 1 (a square un = vn), got " + un + ", " + vn);
        }
        if (un + vn > MAX_PRODUCT_LIMBS) {
            throw new IllegalArgumentException(
                    "un + vn must be at most " + MAX_PRODUCT_LIMBS + " limbs (libdot's NTT limit), got " + (un + vn));
        }
    }

    public static Shape mul(int n) {
        return new Shape(false, n, n);
    }

    public static Shape sqr(int n) {
        return new Shape(true, n, n);
    }

    public static Shape mul(int un, int vn) {
        return new Shape(false, un, vn);
    }

    public boolean balanced() {
        return un == vn;
    }

    /** "mul", "sqr" or "mul-unbalanced": the series a case belongs to. */
    public String kind() {
        return square ? "sqr" : balanced() ? "mul" : "mul-unbalanced";
    }

    public String name() {
        if (square) {
            return "sqr(" + un + ")";
        }
        return balanced() ? "mul(" + un + ")" : String.format(Locale.ROOT, "mul(%d,%d)", un, vn);
    }
}
