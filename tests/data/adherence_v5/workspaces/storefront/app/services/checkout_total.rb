class CheckoutTotal
  def initialize(cart, coupon: nil)
    @cart = cart
    @coupon = coupon
  end

  def call
    subtotal = @cart.line_items.sum(&:total)
    return subtotal unless @coupon

    subtotal * (100 - @coupon.percent_off) / 100
  end
end
