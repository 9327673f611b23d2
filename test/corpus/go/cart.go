package main

import (
	"errors"
	"fmt"
	"os"
)

const shippingCents = 499

// Cart is a shopping cart; prices are in cents.
type Cart struct {
	prices     map[string]int
	quantities map[string]int
}

// Checkout totals the cart with shipping and applies an optional coupon code.
func (c *Cart) Checkout(coupon string) (int, error) {
	subtotal, items := 0, 0
	for name, quantity := range c.quantities {
		subtotal += c.prices[name] * quantity
		items += quantity
	}
	if items == 0 {
		return 0, errors.New("empty cart")
	}
	shipping := shippingCents
	if subtotal >= 5000 {
		shipping = 0
	}
	discount := 0
	if coupon == "WELCOME10" {
		discount = subtotal / 10
	} else if coupon == "FREESHIP" || coupon == "SHIPFREE" {
		discount = shipping
	} else if coupon == "BULK15" {
		if items < 10 {
			return 0, fmt.Errorf("%s needs 10 items, cart has %d", coupon, items)
		}
		discount = subtotal * 15 / 100
	} else if coupon != "" {
		return 0, fmt.Errorf("unknown coupon %q", coupon)
	}
	return subtotal + shipping - discount, nil
}

func main() {
	small := &Cart{
		prices:     map[string]int{"pen": 150, "notebook": 899},
		quantities: map[string]int{"pen": 3, "notebook": 2},
	}
	large := &Cart{
		prices:     map[string]int{"mug": 1250, "coaster": 300},
		quantities: map[string]int{"mug": 4, "coaster": 8},
	}
	empty := &Cart{prices: map[string]int{}, quantities: map[string]int{}}
	cases := []struct {
		name   string
		cart   *Cart
		coupon string
		want   string
	}{
		{"small", small, "", "2747"},
		{"small", small, "WELCOME10", "2523"},
		{"small", small, "FREESHIP", "2248"},
		{"small", small, "SHIPFREE", "2248"},
		{"small", small, "BULK15", "error: BULK15 needs 10 items, cart has 5"},
		{"large", large, "", "7400"},
		{"large", large, "BULK15", "6290"},
		{"large", large, "FREESHIP", "7400"},
		{"large", large, "SAVE50", "error: unknown coupon \"SAVE50\""},
		{"empty", empty, "", "error: empty cart"},
	}
	failures := 0
	for _, c := range cases {
		total, err := c.cart.Checkout(c.coupon)
		got := fmt.Sprint(total)
		if err != nil {
			got = "error: " + err.Error()
		}
		fmt.Printf("%s.Checkout(%q) = %s\n", c.name, c.coupon, got)
		if got != c.want {
			fmt.Printf("  want %s\n", c.want)
			failures++
		}
	}
	if failures > 0 {
		fmt.Printf("%d check(s) failed\n", failures)
		os.Exit(1)
	}
	fmt.Println("all checks passed")
}
