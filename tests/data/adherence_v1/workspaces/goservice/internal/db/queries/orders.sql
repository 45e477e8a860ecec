-- name: GetOrder :one
SELECT * FROM orders WHERE id = $1;
