export function Home() {
  return <main className="p-8">StampWorks</main>;
}
