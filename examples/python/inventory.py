"""Inventory restocking: decide what to reorder from stock levels and daily sales."""

import sys


def average_daily_sales(sales_history):
    """Mean units sold per day, ignoring days the shop was closed (negative entries)."""
    total_units = 0
    open_days = 0
    for day in range(len(sales_history)):
        units = sales_history[day]
        if units < 0:
            continue
        total_units += units
        open_days = open_days + 1
    if open_days == 0:
        return 0.0
    return total_units / open_days


def reorder_point(daily_rate, lead_time_days, safety_days):
    """Stock level at which an order must go out so the shelf never runs empty."""
    cover_days = lead_time_days + safety_days
    return int(daily_rate * cover_days + 0.5)


def order_quantity(shortfall, pack_size, max_order):
    """Round a shortfall up to whole packs, capped by what the supplier accepts."""
    packs = 0
    ordered = 0
    while ordered < shortfall:
        packs += 1
        ordered = packs * pack_size
    if ordered > max_order and pack_size > 0:
        ordered = (max_order // pack_size) * pack_size
    return ordered


def restock_plan(items, lead_time_days, safety_days, budget):
    """Returns (orders, total_cost): the units to order per item, most urgent first, within budget."""
    candidates = []
    for index in range(len(items)):
        name, on_hand, sales, pack_size, unit_cost = items[index]
        rate = average_daily_sales(sales)
        threshold = reorder_point(rate, lead_time_days, safety_days)
        if on_hand >= threshold or rate == 0:
            continue
        days_left = on_hand / rate
        candidates.append((days_left, index, name, threshold - on_hand, pack_size, unit_cost))
    candidates.sort()
    orders = []
    total_cost = 0
    remaining = budget
    for _, _, name, shortfall, pack_size, unit_cost in candidates:
        quantity = order_quantity(shortfall, pack_size, 200)
        cost = quantity * unit_cost
        if cost > remaining and pack_size > 0:
            affordable_packs = remaining // (pack_size * unit_cost)
            quantity = affordable_packs * pack_size
            cost = quantity * unit_cost
        if quantity > 0:
            orders.append((name, quantity))
            total_cost += cost
            remaining -= cost
    return orders, total_cost


def stock_status(on_hand, threshold):
    """A label for the shelf report."""
    if on_hand == 0:
        return "OUT"
    elif on_hand < threshold // 2:
        return "CRITICAL"
    elif on_hand < threshold:
        return "LOW"
    else:
        return "OK"


def check(label, actual, expected):
    print(f"{label}: {actual}")
    if actual != expected:
        print(f"MISMATCH in {label}: expected {expected}", file=sys.stderr)
        sys.exit(1)


def main():
    items = [
        ("flour", 12, [5, 6, 4, -1, 5], 10, 3),
        ("sugar", 40, [3, 2, 4, 3, 3], 12, 2),
        ("yeast", 2, [1, 2, 1, 2, 1], 6, 5),
        ("salt", 0, [1, 1, 0, 1, 2], 5, 1),
        ("honey", 8, [-1, -1, -1, -1, -1], 4, 9),
    ]
    check("average flour", average_daily_sales(items[0][2]), 5.0)
    check("reorder point", reorder_point(5.0, 3, 2), 25)
    check("order quantity", order_quantity(13, 10, 200), 20)
    check("capped quantity", order_quantity(230, 25, 200), 200)
    orders, total_cost = restock_plan(items, 3, 2, 100)
    check("orders", orders, [("salt", 5), ("yeast", 6), ("flour", 20)])
    check("total cost", total_cost, 95)
    tight_orders, tight_cost = restock_plan(items, 3, 2, 40)
    check("tight orders", tight_orders, [("salt", 5), ("yeast", 6)])
    check("tight cost", tight_cost, 35)
    check("status", [stock_status(n, 25) for n in (0, 10, 20, 30)], ["OUT", "CRITICAL", "LOW", "OK"])
    print("all checks passed")


if __name__ == "__main__":
    main()
