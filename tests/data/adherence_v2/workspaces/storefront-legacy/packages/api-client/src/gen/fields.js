// hand-maintained here (no codegen in the legacy app)
exports.PRODUCT_FIELDS = ["id", "name", "price"];
