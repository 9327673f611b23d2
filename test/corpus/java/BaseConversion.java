import java.util.Objects;

public class BaseConversion {
    private static final String DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";
    private static int failures = 0;

    /** Writes a number in any base from 2 to 36, with a leading minus sign when negative. */
    static String toBase(long value, int base) {
        if (base < 2 || base > 36) {
            throw new IllegalArgumentException("unsupported base " + base);
        }
        boolean negative = value < 0;
        long remaining = Math.abs(value);
        StringBuilder digits = new StringBuilder();
        do {
            int digit = (int) (remaining % base);
            digits.append(DIGITS.charAt(digit));
            remaining /= base;
        } while (remaining > 0);
        if (negative) {
            digits.append('-');
        }
        return digits.reverse().toString();
    }

    private static void check(long value, int base, String expected) {
        String got;
        try {
            got = toBase(value, base);
        } catch (IllegalArgumentException e) {
            got = "error: " + e.getMessage();
        }
        System.out.println("toBase(" + value + ", " + base + ") = " + got);
        if (!Objects.equals(got, expected)) {
            System.out.println("  MISMATCH: expected " + expected);
            failures++;
        }
    }

    public static void main(String[] args) {
        check(0, 2, "0");
        check(10, 2, "1010");
        check(255, 16, "ff");
        check(-255, 16, "-ff");
        check(35, 36, "z");
        check(36, 36, "10");
        check(1_000_000, 7, "11333311");
        check(Long.MAX_VALUE, 36, "1y2p0ij32e8e7");
        check(5, 1, "error: unsupported base 1");
        check(5, 37, "error: unsupported base 37");
        if (failures > 0) {
            System.exit(1);
        }
        System.out.println("all checks passed");
    }
}
