export default function Index() {
  return <h1>Edge Tracker</h1>;
}
