import java.util.Objects;

public class BinaryGcd {
    private static int failures = 0;

    /** Greatest common divisor by Stein's algorithm (shifts and subtraction only). */
    static long gcd(long a, long b) {
        a = Math.abs(a);
        b = Math.abs(b);
        if (a == 0) {
            return b;
        }
        if (b == 0) {
            return a;
        }
        int shift = 0;
        while (((a | b) & 1) == 0) {
            a >>= 1;
            b >>= 1;
            shift++;
        }
        while ((a & 1) == 0) {
            a >>= 1;
        }
        do {
            while ((b & 1) == 0) {
                b >>= 1;
            }
            if (a > b) {
                long t = b;
                b = a;
                a = t;
            }
            b -= a;
        } while (b != 0);
        return a << shift;
    }

    private static void check(long a, long b, long expected) {
        long got = gcd(a, b);
        System.out.println("gcd(" + a + ", " + b + ") = " + got);
        if (!Objects.equals(got, expected)) {
            System.out.println("  MISMATCH: expected " + expected);
            failures++;
        }
    }

    public static void main(String[] args) {
        check(0, 0, 0);
        check(0, 9, 9);
        check(12, 0, 12);
        check(48, 18, 6);
        check(17, 5, 1);
        check(-24, 36, 12);
        check(1024, 96, 32);
        check(7, 7, 7);
        check(1_000_000_007L * 6, 1_000_000_007L * 4, 2_000_000_014L);
        if (failures > 0) {
            System.exit(1);
        }
        System.out.println("all checks passed");
    }
}
