package orders

// Service holds the order business logic.
type Service struct{}
