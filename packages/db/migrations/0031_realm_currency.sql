-- The currency a realm inherits (decision 050): the nearest realm above it with `properties.currency` set, else
-- USD. It runs as the owner, as ecc_realm_ancestor_ids does, since the realms above a user's are outside the
-- user's scope (decision 018); it answers only a currency code. A realm's own setting is read by the caller.
CREATE FUNCTION ecc_realm_inherited_currency(target uuid) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT coalesce(
    (SELECT realm.properties->>'currency'
       FROM unnest(ecc_realm_ancestor_ids(target)) WITH ORDINALITY AS ancestor(id, depth)
       JOIN realms realm ON realm.id = ancestor.id
      WHERE realm.properties ? 'currency'
      ORDER BY ancestor.depth
      LIMIT 1),
    'USD')
$$;
