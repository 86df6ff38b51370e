# language: es
@catalogo
Característica: Catálogo de productos con caché
  Los productos vienen de la red y se guardan en una caché en memoria que
  caduca tras maxAge. Sin conexión se sirven los productos de la caché; con
  datos inválidos no. La caché y el almacén en disco son actores: los accesos
  concurrentes son seguros, y un refresh en vuelo no deshace un clear.

  Antecedentes:
    Dado una caché en memoria con maxAge de 300 segundos

  @xctest:InMemoryProductCacheTests/test_retrieve_after_store_returns_stored_products
  @xctest:InMemoryProductCacheTests/test_retrieve_after_maxAge_returns_nil
  Esquema del escenario: La caché respeta su maxAge
    Dado que la caché guardó 2 productos en el segundo 0
    Cuando se consulta la caché en el segundo <segundo>
    Entonces la caché devuelve <productos> productos

    Ejemplos:
      | segundo | productos |
      | 0       | 2         |
      | 299     | 2         |
      | 300     | 0         |
      | 301     | 0         |

  @xctest:InMemoryProductCacheTests/test_invalidate_clears_cache
  Escenario: Invalidar la caché la deja vacía
    Dado que la caché guardó 2 productos en el segundo 0
    Cuando se invalida la caché
    Y se consulta la caché en el segundo 1
    Entonces la caché devuelve 0 productos

  @xctest:CachedProductRepositoryTests/test_loadAll_on_connectivity_falls_back_to_cache
  Escenario: Sin conexión se sirven los productos de la caché
    Dado que la caché guardó los productos:
      | id | nombre   | precio | moneda |
      | 1  | Camiseta | 19.99  | EUR    |
      | 2  | Taza     | 7.50   | EUR    |
    Y el servidor de productos no es accesible
    Cuando se cargan los productos
    Entonces se obtienen 2 productos
    Y el primer producto es "Camiseta" con precio 19.99 EUR

  @xctest:CachedProductRepositoryTests/test_loadAll_on_invalidData_does_not_fall_back
  Escenario: Los datos inválidos no se ocultan tras la caché
    Dado que la caché guardó 2 productos en el segundo 0
    Y el servidor de productos responde con datos inválidos
    Cuando se cargan los productos
    Entonces la carga falla con el error "invalidData"

  @xctest:CachedProductRepositoryTests/test_loadAll_on_success_returns_and_caches_products
  Escenario: Una carga con éxito refresca la caché
    Dado el servidor de productos devuelve 3 productos
    Cuando se cargan los productos
    Entonces se obtienen 3 productos
    Y la caché devuelve 3 productos al consultarla

  @xctest:ProductCatalogTests/test_clear_during_refresh_is_not_undone
  Escenario: Un clear durante un refresh en vuelo no se deshace
    Dado un refresh del catálogo esperando la respuesta del servidor
    Cuando el usuario cierra sesión y se limpia el catálogo
    Y llega la respuesta del servidor con 3 productos
    Entonces el catálogo queda vacío

  @xctest:InMemoryProductCacheTests/test_concurrent_store_and_retrieve_does_not_crash
  Escenario: Los accesos concurrentes a la caché son seguros
    Cuando 100 tareas guardan y leen la caché a la vez
    Entonces la caché devuelve 1 productos

  @xctest:FileProductStoreTests/test_load_after_save_returns_saved_products_and_timestamp
  Escenario: El almacén en disco devuelve lo que guardó
    Dado un almacén de productos en un directorio temporal
    Cuando se guardan 2 productos en el almacén
    Entonces el almacén devuelve 2 productos
