// The home page of the default site: a React page (content/pages/*.tsx are rendered at build time).
export const meta = {
  title: 'Get Ship Done',
  description: 'Rutapack API documentation: quote, ship and track parcels across Mexico with one REST API.',
};

const features = [
  {
    icon: '📦',
    title: 'Quote and ship in two calls',
    text: 'POST /quoter returns every courier rate for a parcel; POST /shipment buys the label. PDF or ZPL, ready to print.',
  },
  {
    icon: '🛰️',
    title: 'Tracking you can build on',
    text: 'Normalised tracking events for every courier, and a webhook that tells your system the moment a status changes.',
  },
  {
    icon: '🏭',
    title: 'Warehouse integration',
    text: 'Connect ShipHero and let Rutapack fulfil its orders: search orders, sync products and ship from your warehouse.',
  },
  {
    icon: '📖',
    title: 'A reference for every endpoint',
    text: 'Parameters, request bodies and responses as readable schema trees, with JSON examples and a ready-to-paste curl command.',
  },
  {
    icon: '🔎',
    title: 'Find it fast',
    text: 'Search the guides and every operation from the navbar: type a path such as /tracking or GET /shipment and jump straight to it.',
  },
  {
    icon: '🇲🇽',
    title: 'Made for Mexico',
    text: 'Postal codes, states and colonias validated; prices in MXN; weights in kilograms and sizes in centimetres.',
  },
];

export default function HomePage() {
  return (
    <>
      <header className="hero hero--home">
        <div className="hero__inner">
          <p className="hero__eyebrow">Rutapack Shipping API</p>
          <h1 className="hero__title">Get Ship Done</h1>
          <p className="hero__subtitle">
            One REST API to quote, label, ship and track parcels with Mexico&apos;s couriers, and the docs to integrate it in an afternoon.
          </p>
          {/* Relative links: a React page's HTML is written as is, and the home page sits at the base path. */}
          <div className="hero__buttons">
            <a className="button button--primary button--lg" href="docs/intro">
              Read the docs
            </a>
            <a className="button button--secondary button--lg" href="api">
              Explore the API
            </a>
          </div>
          <pre className="hero__code" role="region" aria-label="Example request" tabIndex={0}>
            <code>{`curl -X POST https://sandbox.rutapack.example/v1/quoter \\
  -H "Authorization: Bearer $RUTAPACK_TOKEN" \\
  -d '{"origin":{"postal_code":"06600"},"destination":{"postal_code":"64000"},
       "parcels":[{"weight":1.2,"length":30,"width":20,"height":10}]}'`}</code>
          </pre>
        </div>
      </header>
      <section className="features" aria-labelledby="features-title">
        <h2 id="features-title" className="features__title">
          Everything a shipping integration needs
        </h2>
        <ul className="features__grid">
          {features.map((f) => (
            <li key={f.title} className="feature">
              <span className="feature__icon" aria-hidden="true">
                {f.icon}
              </span>
              <h3 className="feature__title">{f.title}</h3>
              <p className="feature__text">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
