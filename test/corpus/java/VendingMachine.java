import java.util.Objects;

public class VendingMachine {
    private static int failures = 0;

    enum State { IDLE, COLLECTING, SOLD_OUT }

    private final int price;
    private int stock;
    private int credit = 0;
    private State state = State.IDLE;

    VendingMachine(int price, int stock) {
        this.price = price;
        this.stock = stock;
        if (stock == 0) {
            state = State.SOLD_OUT;
        }
    }

    /** Accepts a coin (in cents) and vends once the credit covers the price. */
    String insertCoin(int cents) {
        if (cents != 5 && cents != 10 && cents != 25 && cents != 100) {
            return "rejected " + cents;
        }
        switch (state) {
            case SOLD_OUT:
                return "sold out, returned " + cents;
            case IDLE:
                state = State.COLLECTING;
                credit = cents;
                break;
            case COLLECTING:
                credit += cents;
                break;
        }
        if (credit >= price) {
            int change = credit - price;
            credit = 0;
            stock--;
            state = stock == 0 ? State.SOLD_OUT : State.IDLE;
            return "vend, change " + change;
        }
        return "credit " + credit;
    }

    String cancel() {
        int refund = credit;
        credit = 0;
        if (state == State.COLLECTING) {
            state = State.IDLE;
        }
        return "refund " + refund;
    }

    private static void check(String label, Object got, Object expected) {
        System.out.println(label + " = " + got);
        if (!Objects.equals(got, expected)) {
            System.out.println("  MISMATCH: expected " + expected);
            failures++;
        }
    }

    public static void main(String[] args) {
        VendingMachine machine = new VendingMachine(65, 2);
        check("insert 3", machine.insertCoin(3), "rejected 3");
        check("insert 25", machine.insertCoin(25), "credit 25");
        check("insert 25", machine.insertCoin(25), "credit 50");
        check("insert 10", machine.insertCoin(10), "credit 60");
        check("insert 10", machine.insertCoin(10), "vend, change 5");
        check("insert 10", machine.insertCoin(10), "credit 10");
        check("cancel", machine.cancel(), "refund 10");
        check("insert 100", machine.insertCoin(100), "vend, change 35");
        check("insert 5", machine.insertCoin(5), "sold out, returned 5");
        check("state", machine.state, State.SOLD_OUT);
        VendingMachine empty = new VendingMachine(50, 0);
        check("empty insert 25", empty.insertCoin(25), "sold out, returned 25");
        if (failures > 0) {
            System.exit(1);
        }
        System.out.println("all checks passed");
    }
}
