defmodule PhxChatWeb.RoomLive do
  use PhxChatWeb, :live_view
end
