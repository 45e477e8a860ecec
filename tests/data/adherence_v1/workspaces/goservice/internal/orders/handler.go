package orders

import "net/http"

func (s *Service) Create(w http.ResponseWriter, r *http.Request) {}
