import java.util.Objects;

public class Palindrome {
    private static int failures = 0;

    /** Whether a text reads the same both ways, ignoring case and anything but letters and digits. */
    static boolean isPalindrome(String text) {
        int left = 0;
        int right = text.length() - 1;
        while (left < right) {
            char a = text.charAt(left);
            char b = text.charAt(right);
            if (!Character.isLetterOrDigit(a)) {
                left++;
            } else if (!Character.isLetterOrDigit(b)) {
                right--;
            } else if (Character.toLowerCase(a) != Character.toLowerCase(b)) {
                return false;
            } else {
                left++;
                right--;
            }
        }
        return true;
    }

    private static void check(String text, boolean expected) {
        boolean got = isPalindrome(text);
        System.out.println("isPalindrome(\"" + text + "\") = " + got);
        if (!Objects.equals(got, expected)) {
            System.out.println("  MISMATCH: expected " + expected);
            failures++;
        }
    }

    public static void main(String[] args) {
        check("", true);
        check("a", true);
        check("racecar", true);
        check("A man, a plan, a canal: Panama", true);
        check("No 'x' in Nixon", true);
        check("race a car", false);
        check("0P", false);
        check(".,!", true);
        check("12321", true);
        check("ab", false);
        if (failures > 0) {
            System.exit(1);
        }
        System.out.println("all checks passed");
    }
}
