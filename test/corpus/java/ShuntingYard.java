import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;

public class ShuntingYard {
    private static int failures = 0;

    private static int precedence(char op) {
        switch (op) {
            case '+':
            case '-':
                return 1;
            case '*':
            case '/':
                return 2;
            case '^':
                return 3;
            default:
                return 0;
        }
    }

    /**
     * Converts an infix expression over single-letter or single-digit operands to postfix;
     * `^` is right-associative. Returns null when the parentheses do not match.
     */
    static String toPostfix(String expression) {
        StringBuilder output = new StringBuilder();
        Deque<Character> operators = new ArrayDeque<>();
        for (char c : expression.toCharArray()) {
            if (Character.isWhitespace(c)) {
                continue;
            }
            if (Character.isLetterOrDigit(c)) {
                output.append(c);
            } else if (c == '(') {
                operators.push(c);
            } else if (c == ')') {
                while (!operators.isEmpty() && operators.peek() != '(') {
                    output.append(operators.pop());
                }
                if (operators.isEmpty()) {
                    return null;
                }
                operators.pop();
            } else {
                while (!operators.isEmpty() && c != '^' && precedence(operators.peek()) >= precedence(c)) {
                    output.append(operators.pop());
                }
                operators.push(c);
            }
        }
        while (!operators.isEmpty()) {
            char op = operators.pop();
            if (op == '(') {
                return null;
            }
            output.append(op);
        }
        return output.toString();
    }

    private static void check(String expression, String expected) {
        String got = toPostfix(expression);
        System.out.println("toPostfix(\"" + expression + "\") = " + got);
        if (!Objects.equals(got, expected)) {
            System.out.println("  MISMATCH: expected " + expected);
            failures++;
        }
    }

    public static void main(String[] args) {
        check("", "");
        check("a", "a");
        check("a + b * c", "abc*+");
        check("(a + b) * c", "ab+c*");
        check("a - b - c", "ab-c-");
        check("a ^ b ^ c", "abc^^");
        check("3 + 4 * 2 / (1 - 5) ^ 2 ^ 3", "342*15-23^^/+");
        check("(a + b", null);
        check("a + b)", null);
        if (failures > 0) {
            System.exit(1);
        }
        System.out.println("all checks passed");
    }
}
