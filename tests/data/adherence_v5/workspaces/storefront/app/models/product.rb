class Product < ApplicationRecord
  validates :name, :sku, presence: true
  scope :featured, -> { where(featured: true) }
end
