# This file is auto-generated from the current state of the database. Instead
# of editing this file, please use the migrations feature of Active Record to
# incrementally modify your database, and then regenerate this schema definition.

ActiveRecord::Schema[7.2].define(version: 2026_11_09_091500) do
  enable_extension "plpgsql"

  create_table "products", force: :cascade do |t|
    t.string "name", null: false
    t.string "sku", null: false
    t.decimal "price", precision: 10, scale: 2, null: false
    t.boolean "featured", default: false, null: false
    t.timestamps
  end

  create_table "coupons", force: :cascade do |t|
    t.string "code", null: false
    t.integer "percent_off", null: false
    t.timestamps
  end
end
