package dotbench.gmpbench;

/** GMPbench 0.2's programs with runbench's category and weight. */
public enum Program {
    MULTIPLY("multiply", Category.BASE, 1.0),
    DIVIDE("divide", Category.BASE, 1.0),
    GCD("gcd", Category.BASE, 0.5),
    GCDEXT("gcdext", Category.BASE, 0.5),
    RSA("rsa", Category.APP, 1.0),
    PI("pi", Category.APP, 1.0);

    public enum Category {
        BASE("base"),
        APP("app");

        private final String label;

        Category(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final String label;
    private final Category category;
    private final double weight;

    Program(String label, Category category, double weight) {
        this.label = label;
        this.category = category;
        this.weight = weight;
    }

    public String label() {
        return label;
    }

    public Category category() {
        return category;
    }

    public double weight() {
        return weight;
    }

    public static Program byLabel(String label) {
        for (Program p : values()) {
            if (p.label.equals(label)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown GMPbench program '" + label + "'");
    }
}
