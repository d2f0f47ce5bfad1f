// Contacts for the benchmarks, generated inside the database (generate_series): realistic US
// names, companies, e-mail addresses and cities, created over three years in insertion order.

export const FIRST_NAMES = (
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara ' +
  'Richard Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy ' +
  'Matthew Betty Anthony Margaret Mark Sandra Donald Ashley Steven Kimberly Paul Emily ' +
  'Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy George Melissa ' +
  'Timothy Deborah Ronald Stephanie Edward Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia ' +
  'Jacob Kathleen Gary Amy Nicholas Angela Eric Shirley Jonathan Anna Stephen Brenda Larry ' +
  'Pamela Justin Emma Scott Nicole Brandon Helen Benjamin Samantha Samuel Katherine Gregory ' +
  'Christine Alexander Debra Frank Rachel Patrick Carolyn Raymond Janet Jack Catherine ' +
  'Dennis Maria Jerry Heather Tyler Diane Aaron Ruth Jose Julie Adam Olivia Nathan Joyce ' +
  'Henry Virginia Douglas Victoria Zachary Kelly Peter Lauren Kyle Christina Ethan Joan ' +
  'Walter Evelyn Noah Judith Jeremy Megan Christian Andrea Keith Cheryl Roger Hannah Terry ' +
  'Jacqueline Gerald Martha Harold Gloria Sean Teresa Austin Ann Carl Sara Arthur Madison ' +
  'Lawrence Frances Dylan Kathryn Jesse Janice Jordan Jean Bryan Abigail Billy Alice Joe ' +
  'Judy Bruce Sophia Gabriel Grace Logan Denise Albert Amber Willie Doris Alan Marilyn Juan ' +
  'Danielle Wayne Beverly Elijah Isabella Randy Theresa Roy Diana Vincent Natalie Ralph ' +
  'Brittany Eugene Charlotte Russell Marie Bobby Kayla Mason Alexis Philip Lori Xavier ' +
  'Yolanda Quinn'
).split(' ');

export const LAST_NAMES = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez ' +
  'Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson ' +
  'White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott ' +
  'Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter ' +
  'Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart ' +
  'Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed ' +
  'Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray ' +
  'Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez ' +
  'Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales ' +
  'Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds ' +
  'Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar ' +
  'Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington ' +
  'Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson ' +
  'Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer ' +
  'Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza ' +
  'Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley ' +
  'Spencer Hawkins Arnold Pierce Vazquez Hansen Peters Santos Hart Bradley Knight Elliott ' +
  'Cunningham Duncan Zimmerman'
).split(' ');

export const COMPANY_WORDS = [
  'Acme',
  'Summit',
  'Blue Ridge',
  'Lakeside',
  'Evergreen',
  'Pioneer',
  'Golden Gate',
  'Redwood',
  'Silverline',
  'Northstar',
  'Harbor',
  'Maple',
  'Oakwood',
  'Cedar',
  'Riverbend',
  'Sunrise',
  'Keystone',
  'Liberty',
  'Horizon',
  'Granite',
  'Copperleaf',
  'Brightside',
  'Prairie',
  'Bayview',
  'Highland',
  'Crescent',
  'Magnolia',
  'Willow',
  'Sterling',
  'Frontier',
  'Canyon',
  'Meridian',
  'Parkside',
  'Westfield',
  'Eastgate',
  'Southpoint',
  'Hillcrest',
  'Stonebridge',
  'Fairview',
  'Clearwater',
  'Ironwood',
  'Juniper',
  'Vista',
  'Beacon',
  'Heritage',
  'Cornerstone',
  'Atlas',
];
export const COMPANY_KINDS = [
  'Dental',
  'Realty',
  'Law Group',
  'Bakery',
  'Fitness',
  'Logistics',
  'Properties',
  'Medical',
  'Auto Repair',
  'Cafe',
  'Insurance',
  'Consulting',
  'Salon',
  'Veterinary',
  'Accounting',
  'Construction',
  'Church',
  'Academy',
  'Hotel',
  'Storage',
  'Pharmacy',
  'Studios',
  'Brewing',
];
export const COMPANY_SUFFIXES = ['LLC', 'Inc', 'Co', 'Group', 'Partners', ''];
const DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'icloud.com',
  'aol.com',
  'comcast.net',
  'proton.me',
  'att.net',
  'example.com',
];
const CITIES = [
  ['Austin', 'TX', '78701', 30.2672, -97.7431],
  ['Dallas', 'TX', '75201', 32.7767, -96.797],
  ['Houston', 'TX', '77002', 29.7604, -95.3698],
  ['Denver', 'CO', '80202', 39.7392, -104.9903],
  ['Phoenix', 'AZ', '85004', 33.4484, -112.074],
  ['Seattle', 'WA', '98101', 47.6062, -122.3321],
  ['Portland', 'OR', '97204', 45.5152, -122.6784],
  ['Chicago', 'IL', '60601', 41.8781, -87.6298],
  ['Atlanta', 'GA', '30303', 33.749, -84.388],
  ['Miami', 'FL', '33130', 25.7617, -80.1918],
  ['Boston', 'MA', '02108', 42.3601, -71.0589],
  ['Nashville', 'TN', '37203', 36.1627, -86.7816],
];

function sqlArray(values) {
  return `ARRAY[${values.map((v) => `'${String(v).replaceAll("'", "''")}'`).join(',')}]`;
}

/**
 * SQL inserting `count` contacts numbered from `from`: every second one in `bigAccount`, one in
 * twenty in `mediumAccount`, the others spread over `otherAccounts` (an SQL array expression of
 * uuids). Without `otherAccounts`, all go to `bigAccount`.
 */
export function insertContactsSql({ from, count, bigAccount, mediumAccount, otherAccounts }) {
  const total = from + count - 1;
  const account = otherAccounts
    ? `CASE WHEN i % 2 = 0 THEN '${bigAccount}'::uuid
            WHEN i % 20 = 1 THEN '${mediumAccount}'::uuid
            ELSE (${otherAccounts})[1 + (i / 2) % array_length(${otherAccounts}, 1)] END`
    : `'${bigAccount}'::uuid`;
  return `
WITH w AS (
  SELECT ${sqlArray(FIRST_NAMES)} AS fn, ${sqlArray(LAST_NAMES)} AS ln,
         ${sqlArray(COMPANY_WORDS)} AS cw, ${sqlArray(COMPANY_KINDS)} AS ck,
         ${sqlArray(COMPANY_SUFFIXES)} AS cs, ${sqlArray(DOMAINS)} AS dm,
         ${sqlArray(CITIES.map((c) => c.join('|')))} AS ct
), r AS (
  SELECT i,
         fn[1 + floor(random() * array_length(fn, 1))::int] AS f,
         ln[1 + floor(random() * array_length(ln, 1))::int] AS l,
         CASE WHEN random() < 0.55
           THEN trim(cw[1 + floor(random() * array_length(cw, 1))::int] || ' ' ||
                     ck[1 + floor(random() * array_length(ck, 1))::int] || ' ' ||
                     cs[1 + floor(random() * array_length(cs, 1))::int]) END AS co,
         dm[1 + floor(random() * array_length(dm, 1))::int] AS d,
         string_to_array(ct[1 + floor(random() * array_length(ct, 1))::int], '|') AS city
  FROM w, generate_series(${from}, ${total}) AS i
)
INSERT INTO customers (account_id, first_name, last_name, email, phone, company, address, city,
                       state, zip, latitude, longitude, customer_type, source, created_at, updated_at)
SELECT ${account}, f, l,
       lower(f) || '.' || lower(l) || (i % 997) || '@' || d,
       '(' || (200 + i % 700) || ') 555-' || lpad((i % 10000)::text, 4, '0'),
       co,
       (100 + i % 9800) || ' ' || ln[1 + i % 50] || ' St',
       city[1], city[2], city[3], city[4]::float8 + (random() - 0.5) / 10,
       city[5]::float8 + (random() - 0.5) / 10,
       CASE WHEN co IS NULL THEN 'residential' ELSE 'commercial' END,
       (ARRAY['website','referral','social_media','advertising','cold_call','walk_in','other'])[1 + i % 7],
       now() - (${total + 1} - i) * interval '45 seconds',
       now() - (${total + 1} - i) * interval '45 seconds'
FROM r, w`;
}
