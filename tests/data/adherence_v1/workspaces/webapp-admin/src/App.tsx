export function App() {
  return <h1>Admin</h1>;
}
