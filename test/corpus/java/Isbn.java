import java.util.Objects;

public class Isbn {
    private static int failures = 0;

    /** Validates an ISBN-10 or ISBN-13 check digit; hyphens and spaces are ignored. */
    static boolean isValidIsbn(String raw) {
        String isbn = raw.replace("-", "").replace(" ", "");
        if (isbn.length() == 10) {
            int sum = 0;
            for (int i = 0; i < 10; i++) {
                char c = isbn.charAt(i);
                int digit;
                if (c == 'X' && i == 9) {
                    digit = 10;
                } else if (c >= '0' && c <= '9') {
                    digit = c - '0';
                } else {
                    return false;
                }
                sum += (10 - i) * digit;
            }
            return sum % 11 == 0;
        } else if (isbn.length() == 13) {
            int sum = 0;
            for (int i = 0; i < 13; i++) {
                char c = isbn.charAt(i);
                if (c < '0' || c > '9') {
                    return false;
                }
                sum = sum + (i % 2 == 0 ? 1 : 3) * (c - '0');
            }
            return sum % 10 == 0;
        }
        return false;
    }

    private static void check(String isbn, boolean expected) {
        boolean got = isValidIsbn(isbn);
        System.out.println("isValidIsbn(\"" + isbn + "\") = " + got);
        if (!Objects.equals(got, expected)) {
            System.out.println("  MISMATCH: expected " + expected);
            failures++;
        }
    }

    public static void main(String[] args) {
        check("0-306-40615-2", true);
        check("0306406153", false);
        check("0-8044-2957-X", true);
        check("080442957X0", false);
        check("X804429570", false);
        check("978-0-306-40615-7", true);
        check("978 0 306 40615 8", false);
        check("978-0-306-4061a-7", false);
        check("", false);
        check("12345", false);
        if (failures > 0) {
            System.exit(1);
        }
        System.out.println("all checks passed");
    }
}
